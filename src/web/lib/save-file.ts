import { apiErrorOf } from './api.ts'

/** Hands a fetched file to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the object URL; give the browser a moment before freeing it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Fetches a file from the server and saves it under `fileName`; throws the server's error. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const response = await fetch(path, { credentials: 'same-origin' })
  if (!response.ok) throw await apiErrorOf(response)
  saveFile(await response.blob(), fileName)
}
