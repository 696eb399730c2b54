import { APPLICATIONS_EXPORT_PATH } from '#shared/contracts/applications.contract.ts'
import { ErrorBodySchema } from '#shared/errors.ts'
import { ApiError, buildUrl } from '#web/lib/api.ts'
import type { ApplicationFilters } from './applications.queries.ts'

/** 'applications-2025-01-05.csv' unless the server names the file. */
export function exportFileName(contentDisposition: string | null, today = new Date()): string {
  const quoted = contentDisposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)?.[1]
  if (quoted) return decodeURIComponent(quoted.trim())
  return `applications-${today.toISOString().slice(0, 10)}.csv`
}

/** Downloads the CSV of the filtered list (the same filters as the screen, without paging). */
export async function exportApplications(filters: ApplicationFilters): Promise<string> {
  const response = await fetch(buildUrl(APPLICATIONS_EXPORT_PATH, undefined, filters), {
    credentials: 'same-origin',
    headers: { Accept: 'text/csv' },
  })
  if (!response.ok) {
    const text = await response.text()
    const body = ErrorBodySchema.safeParse(safeJson(text))
    throw new ApiError(response.status, body.success ? body.data.message : `${response.status}: ${text}`)
  }
  const fileName = exportFileName(response.headers.get('Content-Disposition'))
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the click has handed the file to the browser's download.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
  return fileName
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
