import { randomUUID } from 'node:crypto'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { sniffWithText } from '#server/platform/storage/sniff-file-kind.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { type FilePart, takeUpload, uploadRefusal } from '#server/platform/uploads.ts'
import { documentDownloadPath, UPLOAD_TEXTS } from '#shared/contracts/documents.contract.ts'
import type { SigningUpload } from '#shared/contracts/esigning.contract.ts'
import { fileTooLargeMessage, unsupportedFileMessage } from '#shared/contracts/esigning-texts.ts'
import type { FileKind } from '#shared/domain/document-types.ts'
import { SIGNING_FILE_MAX_BYTES } from '#shared/domain/esigning.ts'
import { recordStoredDocument, storageKeyFor } from '../documents/documents.service.ts'
import { displayFileName } from '../documents/file-names.service.ts'
import { UPLOAD_CAP_BYTES } from '../documents/upload-document.ts'
import * as repository from './esigning.repository.ts'

const SIGNING_KINDS: readonly FileKind[] = ['pdf', 'jpeg', 'png', 'doc', 'docx', 'txt']

/** The e-signing shape names the file for signing with `type` or `name` (spec part 3 §7). */
export function isSigningShape(fields: Record<string, string>): boolean {
  return ('type' in fields || 'name' in fields) && !('documentType' in fields)
}

/** `type` is the sender's label (W-9, license copy) or the browser's MIME type, kept only as a label. */
function labelOf(type: string | undefined): string | null {
  const label = type?.trim().slice(0, 64)
  return label ? label : null
}

/**
 * A document uploaded for signing: judged by content (PDF, JPEG, PNG, Word or plain text, at most
 * 10 MB) while it streams to storage; then its row, its signing record (pending signature) and
 * the audit event in one transaction. `type` and `name` may come before or after the file; when
 * neither comes, it was an appointment upload without its documentType, refused as before.
 */
export async function uploadForSigning(
  db: Db,
  storage: FileStorage,
  ctx: Ctx,
  file: FilePart,
): Promise<SigningUpload> {
  const { agencyId, userId } = ctx.actor
  const id = randomUUID()
  const storageKey = storageKeyFor(agencyId, id)
  const fileName = displayFileName(file.filename)
  const received = await takeUpload(file.stream, storage, storageKey, {
    kinds: SIGNING_KINDS,
    maxBytes: SIGNING_FILE_MAX_BYTES,
    capBytes: UPLOAD_CAP_BYTES,
    sniff: sniffWithText,
  })
  const drained = received.ok || received.drained
  const fields = { ...file.fields, ...(drained ? await file.fieldsAfter() : {}) }
  const discard = () => (received.ok ? storage.delete(storageKey).catch(() => undefined) : undefined)
  if (drained && !isSigningShape(fields)) {
    await discard()
    throw new AppError('INVALID_INPUT', {
      message: UPLOAD_TEXTS.documentType,
      fieldErrors: [{ path: 'documentType', message: UPLOAD_TEXTS.documentType }],
    })
  }
  if (!received.ok) {
    throw uploadRefusal(received, {
      type: () => unsupportedFileMessage(fileName),
      size: () => fileTooLargeMessage(fileName),
    })
  }
  const name = fields.name?.trim().slice(0, 200) || fileName
  const type = labelOf(fields.type)
  try {
    const { createdAt } = await db.transaction(async (tx) => {
      const row = await recordStoredDocument(tx, {
        id,
        agencyId,
        kind: 'signing_upload',
        filename: fileName,
        contentType: received.contentType,
        sizeBytes: received.size,
        sha256: received.sha256,
        ownerUserId: userId,
      })
      await repository.insertSigningDocument(tx, {
        id,
        agencyId,
        ownerUserId: userId,
        name,
        documentType: type,
        sourceKind: received.kind,
        sourceSha256: received.sha256,
      })
      await recordAudit(tx, ctx, {
        action: 'esign.document_uploaded',
        entity: { type: 'signing_document', id: id },
        details: { kind: received.kind, sizeBytes: received.size, sha256: received.sha256 },
      })
      return row
    })
    return {
      id,
      name,
      type,
      fileName,
      size: received.size,
      mimeType: received.contentType,
      url: documentDownloadPath(id),
      status: 'uploaded',
      uploadedAt: createdAt.toISOString(),
    }
  } catch (error) {
    await discard()
    throw error
  }
}
