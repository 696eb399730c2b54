import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { findDocumentFiles, openDocumentContent } from '../documents/documents.service.ts'
import { notFound } from './policies.service.ts'
import * as repository from './policy-documents.repository.ts'

/**
 * A policy's document, opened through the policy: anyone of the agency may open the policy, so
 * anyone may open what is kept with it, whoever uploaded the file (the documents feature's own
 * download keeps an agent's uploads to them and their admins, which turned a colleague's quote
 * letter on a bound policy into a 404). The read is audited on the policy; 404 for a link not of
 * this policy and agency.
 */
export async function downloadPolicyDocument(
  db: Db,
  storage: FileStorage,
  ctx: Ctx,
  policyId: string,
  linkId: string,
) {
  const { agencyId } = ctx.actor
  const link = await repository.findPolicyDocument(db, agencyId, policyId, linkId)
  const file = link && (await findDocumentFiles(db, agencyId, [link.documentId])).get(link.documentId)
  if (!link || !file) throw notFound()
  const content = await openDocumentContent(db, storage, agencyId, link.documentId)
  try {
    await recordAudit(db, ctx, {
      action: 'policy.document_downloaded',
      entity: { type: 'policy', id: policyId },
      details: { documentId: link.documentId, documentType: link.documentType, sizeBytes: file.sizeBytes },
    })
  } catch (error) {
    content.destroy()
    throw error
  }
  return { file, content }
}
