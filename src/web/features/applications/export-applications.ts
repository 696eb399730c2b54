import { APPLICATIONS_EXPORT_PATH } from '#shared/contracts/applications-texts.ts'
import { apiErrorOf, buildUrl } from '#web/lib/api.ts'
import { saveFile } from '#web/lib/save-file.ts'
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
  if (!response.ok) throw await apiErrorOf(response)
  const fileName = exportFileName(response.headers.get('Content-Disposition'))
  saveFile(await response.blob(), fileName)
  return fileName
}
