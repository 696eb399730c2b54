import type { Readable } from 'node:stream'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { discardUpload, MULTIPART_FILE_CAP_BYTES } from '#server/platform/storage/receive-upload.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { POLICY_DOCUMENT_TEXTS, type PolicyDocument } from '#shared/contracts/policies-documents.contract.ts'
import {
  POLICY_DOCUMENT_KINDS,
  POLICY_DOCUMENT_MAX_BYTES,
  POLICY_DOCUMENT_TYPES,
} from '#shared/domain/policy-documents.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { storeAttachment } from '../documents/store-attachment.ts'
import * as repository from './policies.repository.ts'
import * as documentsRepository from './policy-documents.repository.ts'
import { toPolicyDocuments } from './policy-documents.service.ts'

export interface PolicyDocumentFile {
  filename: string
  /** The form's fields: `documentType`, before or after the file. */
  fields: Record<string, string>
  stream: Readable
}

/**
 * A refusal before the file is stored. Its bytes are read to their end (up to the cap) so the
 * answer reaches a browser still sending; past the cap the connection closes instead.
 */
async function refuse(
  file: PolicyDocumentFile,
  code: 'NOT_FOUND' | 'INVALID_INPUT',
  message: string,
  field?: string,
): Promise<never> {
  const drained = await discardUpload(file.stream, MULTIPART_FILE_CAP_BYTES)
  throw new AppError(code, {
    message,
    ...(field ? { fieldErrors: [{ path: field, message }] } : {}),
    ...(drained ? {} : { headers: { connection: 'close' } }),
  })
}

/**
 * A file uploaded from a policy's page with its type: checked first that the policy is the
 * agency's and the type is one a policy keeps, then streamed to storage by the documents feature
 * (judged by content and size) and linked to the policy in the same transaction, audited on the
 * policy. Anyone in the agency may open it, as they may the policy.
 */
export async function attachPolicyDocument(
  db: Db,
  storage: FileStorage,
  ctx: Ctx,
  policyId: string,
  file: PolicyDocumentFile,
): Promise<PolicyDocument> {
  const { agencyId, userId } = ctx.actor
  if (!(await repository.findPolicy(db, agencyId, policyId))) {
    return refuse(file, 'NOT_FOUND', GENERIC_MESSAGES.notFound)
  }
  const documentType = POLICY_DOCUMENT_TYPES.find((type) => type === file.fields.documentType?.trim())
  if (!documentType) {
    return refuse(file, 'INVALID_INPUT', POLICY_DOCUMENT_TEXTS.documentType, 'documentType')
  }
  const rules = {
    kinds: POLICY_DOCUMENT_KINDS,
    maxBytes: POLICY_DOCUMENT_MAX_BYTES,
    ownerUserId: null,
    field: 'file',
  }
  return storeAttachment(db, storage, ctx, file, rules, async (tx, stored) => {
    const row = await documentsRepository.insertPolicyDocument(tx, {
      agencyId,
      policyId,
      documentId: stored.id,
      documentType,
      uploadedByUserId: userId,
    })
    await recordAudit(tx, ctx, {
      action: 'policy.document_attached',
      entity: { type: 'policy', id: policyId },
      details: { documentId: stored.id, documentType, fileName: stored.fileName, sizeBytes: stored.size },
    })
    const [document] = await toPolicyDocuments(tx, agencyId, [row])
    return document!
  })
}
