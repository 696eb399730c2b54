import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type { policyHistoryCall } from '#shared/contracts/compliance-policy-history.contract.ts'
import type {
  attachPolicyDocumentCall,
  listPolicyDocumentsCall,
  PolicyDocument,
} from '#shared/contracts/policies-documents.contract.ts'
import type { PolicyDocumentType } from '#shared/domain/policy-documents.ts'
import { apiErrorOf, buildUrl, callApi } from '#web/lib/api.ts'
import { policyKeys } from './policies.queries.ts'

const listDocumentsRoute = routeOf<typeof listPolicyDocumentsCall>('GET', '/api/policies/:id/documents')
const attachDocumentRoute = routeOf<typeof attachPolicyDocumentCall>('POST', '/api/policies/:id/documents')
const historyRoute = routeOf<typeof policyHistoryCall>('GET', '/api/compliance/policies/:policyId/history')

export const DOCUMENTS_PAGE_SIZE = 20
export const HISTORY_PAGE_SIZE = 20

/** The policy's documents, newest first, a page at a time. */
export function policyDocumentsQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: policyKeys.documents(id),
    queryFn: ({ pageParam, signal }) =>
      callApi(listDocumentsRoute, {
        params: { id },
        query: { limit: DOCUMENTS_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

/** The policy's history (its audit events), newest first, a page at a time. */
export function policyHistoryQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: policyKeys.history(id),
    queryFn: ({ pageParam, signal }) =>
      callApi(historyRoute, {
        params: { policyId: id },
        query: { limit: HISTORY_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export interface PolicyDocumentUpload {
  documentType: PolicyDocumentType
  file: File
}

/**
 * POST …/documents as multipart: the type first, so the server knows it before the bytes. The
 * answer is not parsed again: the server checks it against the contract before sending it.
 */
async function postDocument(id: string, { documentType, file }: PolicyDocumentUpload) {
  const body = new FormData()
  body.append('documentType', documentType)
  body.append('file', file)
  const response = await fetch(buildUrl(attachDocumentRoute.path, { id }), {
    method: attachDocumentRoute.method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    body,
  })
  if (!response.ok) throw await apiErrorOf(response)
  return (await response.json()) as PolicyDocument
}

/** Adds a document: the list and the history (which records it) ask again. */
export function useAttachPolicyDocument(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (upload: PolicyDocumentUpload) => postDocument(id, upload),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: policyKeys.documents(id) }),
        queryClient.invalidateQueries({ queryKey: policyKeys.history(id) }),
      ]),
  })
}
