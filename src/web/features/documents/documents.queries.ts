import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type { deleteDocumentCall, listDocumentsCall } from '#shared/contracts/documents.contract.ts'
import { callApi } from '#web/lib/api.ts'

const deleteDocumentRoute = routeOf<typeof deleteDocumentCall>('DELETE', '/api/documents/:id')
const listDocumentsRoute = routeOf<typeof listDocumentsCall>('GET', '/api/documents')

/** The documents upload as other features use it (a quote's letter from the carrier). */
export { uploadDocument } from './upload-document.ts'

export const documentKeys = { all: ['documents'] as const, list: ['documents', 'list'] as const }

/** The agent's uploaded documents, newest first. */
export const documentsQuery = queryOptions({
  queryKey: documentKeys.list,
  queryFn: ({ signal }) => callApi(listDocumentsRoute, { signal }),
})

/**
 * What the page refreshes when a document is uploaded or deleted, beside the documents themselves:
 * what it built from them (the appointments' producer profile says what is on file).
 */
export type OnDocumentsChanged = () => unknown

/** Refreshes the documents, and what the page built from them, in one promise. */
export function useRefreshDocuments(onChanged: OnDocumentsChanged) {
  const queryClient = useQueryClient()
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: documentKeys.all }), onChanged()])
}

export function useDeleteDocument(onChanged: OnDocumentsChanged) {
  const refresh = useRefreshDocuments(onChanged)
  return useMutation({
    mutationFn: (id: string) => callApi(deleteDocumentRoute, { params: { id } }),
    onSuccess: refresh,
  })
}
