import { z } from 'zod'
import { DOCUMENT_TYPES } from '../domain/document-types.ts'
import { defineCall } from './call.ts'
import { SigningUploadSchema } from './esigning.contract.ts'

/** A document's download (an application packet PDF, an upload); fetched with a plain link. */
export function documentDownloadPath(documentId: string): string {
  return `/api/documents/${documentId}/download`
}

export const deleteDocumentCall = defineCall({
  method: 'DELETE',
  path: '/api/documents/:id',
  params: z.object({ id: z.uuid({ message: 'Not found' }) }),
  response: z.object({ deleted: z.literal(true) }),
})

export const DOCUMENT_TEXTS = {
  sentPacket: 'This packet is the record of what a carrier was sent, so it cannot be deleted.',
  signingRecord: 'This file is part of a signature record, so it cannot be deleted.',
  attachedFile: 'This file is attached to an onboarding document, so it cannot be deleted on its own.',
} as const

export const DocumentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  mimeType: z.string(),
  uploadedAt: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  applicationId: z.string().nullable(),
})
export type UploadedDocument = z.infer<typeof DocumentSchema>

export const UPLOAD_TEXTS = {
  uploaded: 'Upload Successful',
  uploadFailed: 'Upload Failed',
  deleted: 'Document Deleted',
  deleteFailed: 'Delete Failed',
  invalidTypeTitle: 'Invalid File Type',
  tooLargeTitle: 'File Too Large',
  noFile: 'Choose a file to upload.',
  documentType: `Choose the document type (one of ${DOCUMENT_TYPES.join(', ')}).`,
  applicationId: 'applicationId must be the id of one of your appointment applications.',
} as const

/**
 * POST /api/documents/upload, in two shapes: an appointment document (multipart: documentType,
 * optional applicationId and file, in any order) or a document for e-signing (file, type, name; spec part 3 §7).
 */
export const UPLOAD_PATH = '/api/documents/upload'

/**
 * The upload as a call: a multipart body that the use case reads as a stream, so the contract
 * declares only its path and the answers; the browser sends it with progress events rather than
 * through the api client.
 */
export const uploadDocumentCall = defineCall({
  method: 'POST',
  path: UPLOAD_PATH,
  status: 201,
  response: z.union([DocumentSchema, SigningUploadSchema]),
})

/** The agent's uploaded documents, newest first. */
export const listDocumentsCall = defineCall({
  method: 'GET',
  path: '/api/documents',
  response: z.array(DocumentSchema),
})
