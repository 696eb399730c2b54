import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CallBody } from '#shared/contracts/call.ts'
import {
  acceptConsentCall,
  createSignatureCall,
  getConsentCall,
  signDocumentCall,
  verifySignatureCall,
} from '#shared/contracts/esigning.contract.ts'
import {
  deleteSigningDocumentCall,
  listProvidersCall,
  listSigningDocumentsCall,
  sendDocumentCall,
} from '#shared/contracts/esigning-documents.contract.ts'
import { callApi } from '#web/lib/api.ts'

export const esigningKeys = {
  all: ['esigning'] as const,
  documents: ['esigning', 'documents'] as const,
  providers: ['esigning', 'providers'] as const,
  consent: (email: string) => ['esigning', 'consent', email] as const,
}

/** The caller's documents for signing (an admin's: the agency's), newest first. */
export const signingDocumentsQuery = queryOptions({
  queryKey: esigningKeys.documents,
  queryFn: ({ signal }) => callApi(listSigningDocumentsCall, { signal }).then((answer) => answer.documents),
})

export const providersQuery = queryOptions({
  queryKey: esigningKeys.providers,
  queryFn: ({ signal }) => callApi(listProvidersCall, { signal }).then((answer) => answer.providers),
})

export function fetchConsent(signerEmail?: string) {
  return callApi(getConsentCall, { query: { signerEmail } })
}

export function acceptConsent(body: CallBody<typeof acceptConsentCall>) {
  return callApi(acceptConsentCall, { body })
}

function useRefreshDocuments() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: esigningKeys.documents })
}

export function useCreateSignature() {
  const refresh = useRefreshDocuments()
  return useMutation({
    mutationFn: (body: CallBody<typeof createSignatureCall>) => callApi(createSignatureCall, { body }),
    onSuccess: refresh,
  })
}

export function useSignDocument() {
  const refresh = useRefreshDocuments()
  return useMutation({
    mutationFn: (body: CallBody<typeof signDocumentCall>) => callApi(signDocumentCall, { body }),
    onSuccess: refresh,
  })
}

export function useSendDocument() {
  const refresh = useRefreshDocuments()
  return useMutation({
    mutationFn: (body: CallBody<typeof sendDocumentCall>) => callApi(sendDocumentCall, { body }),
    onSuccess: refresh,
  })
}

export function useRemoveDocument() {
  const refresh = useRefreshDocuments()
  return useMutation({
    mutationFn: (id: string) => callApi(deleteSigningDocumentCall, { params: { id } }),
    onSuccess: refresh,
  })
}

export function useVerifySignature() {
  return useMutation({
    mutationFn: (signatureId: string) => callApi(verifySignatureCall, { params: { signatureId } }),
  })
}
