import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Db, Tx } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { takeUpload, uploadRefusal } from '#server/platform/uploads.ts'
import { allowedKindsText, type FileKind, megabytes } from '#shared/domain/document-types.ts'
import * as repository from './documents.repository.ts'
import { storageKeyFor } from './documents.service.ts'
import { displayFileName } from './file-names.service.ts'

export interface StoredAttachment {
  id: string
  fileName: string
  size: number
  sha256: string
  contentType: string
}

export interface AttachmentRules {
  kinds: readonly FileKind[]
  maxBytes: number
  /**
   * Whose file it is: they and the agency's admins may download it; other agents get 404. Null
   * for a file of the agency's own record (a policy's declarations), which anyone in it opens.
   */
  ownerUserId: string | null
  /** The form field the file came in, for the refusal's field message. */
  field: string
}

/**
 * A file for another feature's record (an onboarding document's scan): judged by content and size
 * while it streams to storage under a key the server makes, then its row, its audit event and the
 * caller's own change (`attach`) are written in one transaction. If anything fails nothing stays:
 * no row, and the stored object is removed.
 */
export async function storeAttachment<T>(
  db: Db,
  storage: FileStorage,
  ctx: Ctx,
  file: { filename: string; stream: Readable },
  rules: AttachmentRules,
  attach: (tx: Tx, stored: StoredAttachment) => Promise<T>,
): Promise<T> {
  const { agencyId } = ctx.actor
  const id = randomUUID()
  const storageKey = storageKeyFor(agencyId, id)
  const received = await takeUpload(file.stream, storage, storageKey, {
    kinds: rules.kinds,
    maxBytes: rules.maxBytes,
  })
  if (!received.ok) {
    throw uploadRefusal(received, {
      type: (found) => `File type ${found} is not allowed. Allowed types: ${allowedKindsText(rules.kinds)}`,
      size: (size) => `File size ${megabytes(size)}MB exceeds maximum size of ${megabytes(rules.maxBytes)}MB`,
      field: rules.field,
    })
  }
  const stored: StoredAttachment = {
    id,
    fileName: displayFileName(file.filename),
    size: received.size,
    sha256: received.sha256,
    contentType: received.contentType,
  }
  try {
    return await db.transaction(async (tx) => {
      await repository.insertDocument(tx, {
        id,
        agencyId,
        kind: 'attachment',
        filename: stored.fileName,
        contentType: stored.contentType,
        sizeBytes: stored.size,
        sha256: stored.sha256,
        storageKey,
        uploadedByUserId: rules.ownerUserId,
      })
      await recordAudit(tx, ctx, {
        action: 'document.uploaded',
        entity: { type: 'document', id: id },
        details: {
          kind: 'attachment',
          sizeBytes: stored.size,
          sha256: stored.sha256,
          contentType: stored.contentType,
        },
      })
      return attach(tx, stored)
    })
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined)
    throw error
  }
}
