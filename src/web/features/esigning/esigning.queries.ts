import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type CallBody, routeOf } from '#shared/contracts/call.ts'
import type {
  acceptConsentCall,
  createSignatureCall,
  getConsentCall,
  signDocumentCall,
  verifySignatureCall,
} from '#shared/contracts/esigning.contract.ts'
import type {
  deleteSigningDocumentCall,
  listProvidersCall,
  listSigningDocumentsCall,
  sendDocumentCall,
} from '#shared/contracts/esigning-documents.contract.ts'
import { callApi } from '#web/lib/api.ts'

const acceptConsentRoute = routeOf<typeof acceptConsentCall>('POST', '/api/esigning/consent')
const createSignatureRoute = routeOf<typeof createSignatureCall>('POST', '/api/esigning/create-signature')
const getConsentRoute = routeOf<typeof getConsentCall>('GET', '/api/esigning/consent')
const signDocumentRoute = routeOf<typeof signDocumentCall>('POST', '/api/documents/sign')
const verifySignatureRoute = routeOf<typeof verifySignatureCall>('GET', '/api/esigning/verify/:signatureId')
const deleteSigningDocumentRoute = routeOf<typeof deleteSigningDocumentCall>(
  'DELETE',
  '/api/esigning/documents/:id',
)
const listProvidersRoute = routeOf<typeof listProvidersCall>('GET', '/api/esigning/providers')
const listSigningDocumentsRoute = routeOf<typeof listSigningDocumentsCall>('GET', '/api/esigning/documents')
const sendDocumentRoute = routeOf<typeof sendDocumentCall>('POST', '/api/esigning/send-document')

export const esigningKeys = {
  all: ['esigning'] as const,
  documents: ['esigning', 'documents'] as const,
  providers: ['esigning', 'providers'] as const,
  consent: (email: string) => ['esigning', 'consent', email] as const,
}

/** The caller's documents for signing (an admin's: the agency's), newest first. */
export const signingDocumentsQuery = queryOptions({
  queryKey: esigningKeys.documents,
  queryFn: ({ signal }) => callApi(listSigningDocumentsRoute, { signal }).then((answer) => answer.documents),
})

export const providersQuery = queryOptions({
  queryKey: esigningKeys.providers,
  queryFn: ({ signal }) => callApi(listProvidersRoute, { signal }).then((answer) => answer.providers),
})

export function fetchConsent(signerEmail?: string) {
  return callApi(getConsentRoute, { query: { signerEmail } })
}

export function acceptConsent(body: CallBody<typeof acceptConsentCall>) {
  return callApi(acceptConsentRoute, { body })
}

function useRefreshDocuments() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: esigningKeys.documents })
}

export function useCreateSignature() {
  const refresh = useRefreshDocuments()
  return useMutation({
    mutationFn: (body: CallBody<typeof createSignatureCall>) => callApi(createSignatureRoute, { body }),
    onSuccess: refresh,
  })
}

export function useSignDocument() {
  const refresh = useRefreshDocuments()
  return useMutation({
    mutationFn: (body: CallBody<typeof signDocumentCall>) => callApi(signDocumentRoute, { body }),
    onSuccess: refresh,
  })
}

export function useSendDocument() {
  const refresh = useRefreshDocuments()
  return useMutation({
    mutationFn: (body: CallBody<typeof sendDocumentCall>) => callApi(sendDocumentRoute, { body }),
    onSuccess: refresh,
  })
}

export function useRemoveDocument() {
  const refresh = useRefreshDocuments()
  return useMutation({
    mutationFn: (id: string) => callApi(deleteSigningDocumentRoute, { params: { id } }),
    onSuccess: refresh,
  })
}

export function useVerifySignature() {
  return useMutation({
    mutationFn: (signatureId: string) => callApi(verifySignatureRoute, { params: { signatureId } }),
  })
}
