import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  IMPORT_TEMPLATE_PATH,
  IMPORT_TEXTS,
  type ImportResult,
  importClientsCall,
  listImportsCall,
  type TEMPLATE_FORMATS,
} from '#shared/contracts/client-import.contract.ts'
import { ApiError, ApiResponseShapeError, apiErrorOf, callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'
import { downloadFile } from '#web/lib/save-file.ts'

export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number]

/** POST /api/clients/import: multipart with one `file` field (the browser sets the boundary). */
export async function importClientsFile(file: File): Promise<ImportResult> {
  const body = new FormData()
  body.append('file', file)
  const response = await fetch(importClientsCall.path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    body,
  })
  if (!response.ok) throw await apiErrorOf(response)
  const parsed = importClientsCall.response.safeParse(await response.json())
  if (!parsed.success) throw new ApiResponseShapeError(importClientsCall.path, parsed.error)
  return parsed.data
}

export function templateFileName(format: TemplateFormat): string {
  return `client-import-template.${format}`
}

/** Fetches the template and hands it to the browser as a download with the spec's file name. */
export async function downloadTemplate(format: TemplateFormat): Promise<void> {
  await downloadFile(`${IMPORT_TEMPLATE_PATH}?format=${format}`, templateFileName(format))
}

/** After an import (even a failed one may have written rows) every clients query is refreshed. */
export function useImportClientsMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importClientsFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.clients.all }),
  })
}

export function useDownloadTemplateMutation() {
  return useMutation({ mutationFn: downloadTemplate })
}

export function describeImportError(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : IMPORT_TEXTS.failed
}

/** While an import runs (here or in another tab) the list looks again every few seconds. */
export const IMPORT_HISTORY_REFRESH_MS = 5000

export const importHistoryQuery = queryOptions({
  queryKey: queryKeys.clients.imports,
  queryFn: ({ signal }) => callApi(listImportsCall, { signal }).then((answer) => answer.data),
  refetchInterval: (query) =>
    query.state.data?.some((record) => record.status === 'running') ? IMPORT_HISTORY_REFRESH_MS : false,
})
