import { z } from 'zod'
import { POLICY_DOCUMENT_TYPES } from '../domain/policy-documents.ts'
import { defineCall } from './call.ts'

export const POLICY_DOCUMENT_TEXTS = {
  documentType: 'Choose what this document is',
  noFile: 'Choose a file to upload.',
  uploaded: 'Document added to the policy',
  uploadFailed: 'The document was not added',
} as const

const id = z.uuid()

/** A file kept with a policy: the policy's link to a document of the documents feature. */
export const PolicyDocumentSchema = z.object({
  id,
  /** The document the link holds; download it through the policy (`policyDocumentDownloadPath`). */
  documentId: id,
  documentType: z.enum(POLICY_DOCUMENT_TYPES),
  fileName: z.string(),
  fileSize: z.number().int(),
  contentType: z.string(),
  uploadedByName: z.string().nullable(),
  uploadedAt: z.iso.datetime(),
})
export type PolicyDocument = z.infer<typeof PolicyDocumentSchema>

/** The policy's documents, newest first, a page at a time. */
export const listPolicyDocumentsCall = defineCall({
  method: 'GET',
  path: '/api/policies/:id/documents',
  params: z.object({ id }),
  query: z.object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(200).optional(),
  }),
  response: z.object({ documents: z.array(PolicyDocumentSchema), nextCursor: z.string().nullable() }),
})

/**
 * Multipart: `documentType` and `file`, in either order. The body is read as a stream by the use
 * case, so the contract declares only the path and the answer.
 */
export const attachPolicyDocumentCall = defineCall({
  method: 'POST',
  path: '/api/policies/:id/documents',
  params: z.object({ id }),
  status: 201,
  response: PolicyDocumentSchema,
})

/**
 * A policy's document, downloaded through the policy: anyone of the agency who may open the policy
 * may open its documents, whoever uploaded them (a quote letter an agent uploaded is the agency's
 * record once its policy is bound). Fetched with a plain link.
 */
export function policyDocumentDownloadPath(policyId: string, linkId: string): string {
  return `/api/policies/${policyId}/documents/${linkId}/download`
}
