import { useReducer } from 'react'
import type { SignedDocument, SigningUpload } from '#shared/contracts/esigning.contract.ts'
import type { SignatureType } from '#shared/domain/esigning.ts'

/** Spec §4: pending, uploading on Upload All, then uploaded or error; uploaded becomes signed. */
export type LocalStatus = 'pending' | 'uploading' | 'uploaded' | 'error' | 'signed'

/** Spec §3 uploaded document (client side), with what the server answered. */
export interface LocalDocument {
  id: string
  file: File
  name: string
  type: string
  size: number
  uploadProgress: number
  status: LocalStatus
  url?: string
  serverId?: string
  signatureData?: string
  signatureType?: SignatureType
  error?: string
  signatureId?: string
  signedUrl?: string
}

type Action =
  | { kind: 'add'; files: File[] }
  | { kind: 'uploading'; id: string; progress: number }
  | { kind: 'uploaded'; id: string; answer: SigningUpload }
  | { kind: 'failed'; id: string; error: string }
  | {
      kind: 'signed'
      id: string
      answer: SignedDocument
      signatureType: SignatureType
      signatureData: string
    }
  | { kind: 'remove'; id: string }
  | { kind: 'reset' }

let counter = 0

function reduce(documents: LocalDocument[], action: Action): LocalDocument[] {
  const update = (id: string, change: Partial<LocalDocument>) =>
    documents.map((document) => (document.id === id ? { ...document, ...change } : document))
  switch (action.kind) {
    case 'add':
      return [
        ...documents,
        ...action.files.map((file) => ({
          id: `local-${++counter}`,
          file,
          name: file.name,
          type: file.type || 'application/octet-stream',
          size: file.size,
          uploadProgress: 0,
          status: 'pending' as const,
        })),
      ]
    case 'uploading':
      return update(action.id, { status: 'uploading', uploadProgress: action.progress, error: undefined })
    case 'uploaded':
      return update(action.id, {
        status: 'uploaded',
        uploadProgress: 100,
        serverId: action.answer.id,
        url: action.answer.url,
      })
    case 'failed':
      return update(action.id, { status: 'error', error: action.error })
    case 'signed':
      return update(action.id, {
        status: 'signed',
        signatureId: action.answer.signatureId,
        signedUrl: action.answer.signedDocumentUrl,
        signatureType: action.signatureType,
        signatureData: action.signatureData,
      })
    case 'remove':
      return documents.filter((document) => document.id !== action.id)
    case 'reset':
      return []
  }
}

export function useEnhancedDocuments() {
  return useReducer(reduce, [])
}
