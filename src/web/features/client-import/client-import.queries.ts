import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  IMPORT_TEMPLATE_PATH,
  IMPORT_TEXTS,
  type ImportResult,
  importClientsCall,
  type TEMPLATE_FORMATS,
} from '#shared/contracts/client-import.contract.ts'
import { ErrorBodySchema } from '#shared/errors.ts'
import { ApiError, ApiResponseShapeError } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number]

/** A non-ok answer as an ApiError: the server's `{message}` when it sent one, else 'status: text'. */
async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  const body = ErrorBodySchema.safeParse(json)
  if (body.success) return new ApiError(response.status, body.data.message, body.data.errors ?? [])
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`)
}

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
  if (!response.ok) throw await toApiError(response)
  const parsed = importClientsCall.response.safeParse(await response.json())
  if (!parsed.success) throw new ApiResponseShapeError(importClientsCall.path, parsed.error)
  return parsed.data
}

export function templateFileName(format: TemplateFormat): string {
  return `client-import-template.${format}`
}

/** Fetches the template and hands it to the browser as a download with the spec's file name. */
export async function downloadTemplate(format: TemplateFormat): Promise<void> {
  const response = await fetch(`${IMPORT_TEMPLATE_PATH}?format=${format}`, { credentials: 'same-origin' })
  if (!response.ok) throw await toApiError(response)
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = templateFileName(format)
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the object URL; give the browser a moment before freeing it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
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
