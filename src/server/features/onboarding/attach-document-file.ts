import type { Readable } from 'node:stream'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { discardUpload, MULTIPART_FILE_CAP_BYTES } from '#server/platform/storage/receive-upload.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import {
  ONBOARDING_FILE_MAX_BYTES,
  type OnboardingDocument,
} from '#shared/contracts/onboarding-records.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { storeAttachment } from '../documents/store-attachment.ts'
import { findAgent } from './agents.repository.ts'
import { maySee, notFound, scopeOf } from './onboarding-access.service.ts'
import * as repository from './onboarding-documents.repository.ts'
import { readDocument } from './onboarding-documents.service.ts'
import { recordAgentChange } from './record-agent-change.ts'

/**
 * The file behind an onboarding document (a scan of the E&O certificate, the background check):
 * checked first that the caller may change the document, then streamed to storage by the
 * documents feature and linked in the same transaction. The file belongs to the agent (once they
 * have an account) so they and the agency's admins can download it; other agents cannot. A
 * rejected document, or one sent back for revision, is pending review again with its new file (and
 * so is any reviewed document an agent gives a new file: an approval covers the file it saw).
 */
export async function attachDocumentFile(
  db: Db,
  storage: FileStorage,
  ctx: Ctx,
  id: string,
  file: { filename: string; stream: Readable },
): Promise<OnboardingDocument> {
  const { agencyId, userId } = ctx.actor
  const scope = await scopeOf(db, ctx)
  const before = await repository.listDocuments(db, agencyId, { id })
  const agentId = before[0]?.document.agentId
  if (!agentId || !maySee(scope, agentId)) {
    // Read to its end (up to the cap) so the answer reaches a browser still sending; else close.
    const drained = await discardUpload(file.stream, MULTIPART_FILE_CAP_BYTES)
    throw new AppError('NOT_FOUND', {
      message: GENERIC_MESSAGES.notFound,
      ...(drained ? {} : { headers: { connection: 'close' } }),
    })
  }
  const agent = await findAgent(db, agencyId, agentId)
  return storeAttachment(
    db,
    storage,
    ctx,
    file,
    {
      kinds: ['pdf', 'jpeg', 'png'],
      maxBytes: ONBOARDING_FILE_MAX_BYTES,
      ownerUserId: agent?.userId ?? userId,
      field: 'file',
    },
    async (tx, stored) => {
      const current = await repository.findDocument(tx, agencyId, id)
      if (!current) throw notFound()
      const reopen = scope.admin
        ? current.status === 'rejected' || current.status === 'needs_revision'
        : current.status !== 'pending'
      await repository.updateDocument(tx, agencyId, id, {
        fileDocumentId: stored.id,
        fileName: stored.fileName,
        fileSize: stored.size,
        ...(reopen ? { status: 'pending', reviewedAt: null, reviewedBy: null, reviewNotes: null } : {}),
      })
      await recordAgentChange(tx, ctx, {
        agentId: current.agentId,
        action: 'onboarding.document_file_attached',
        entity: { type: 'onboarding_document', id: id },
        details: { documentId: stored.id, sizeBytes: stored.size, sha256: stored.sha256, reopened: reopen },
      })
      return readDocument(tx, agencyId, id)
    },
  )
}
