import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { discardUpload, MULTIPART_FILE_CAP_BYTES } from '#server/platform/storage/receive-upload.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { takeUpload, uploadRefusal } from '#server/platform/uploads.ts'
import { UPLOAD_TEXTS, type UploadedDocument } from '#shared/contracts/documents.contract.ts'
import {
  DOCUMENT_DEFINITIONS,
  DOCUMENT_TYPES,
  type DocumentType,
  fileTooLargeMessage,
  invalidFileTypeMessage,
} from '#shared/domain/document-types.ts'
import { type ErrorCode, GENERIC_MESSAGES } from '#shared/errors.ts'
import * as repository from './documents.repository.ts'
import { storageKeyFor } from './documents.service.ts'
import { displayFileName } from './file-names.service.ts'

/**
 * How far an upload is read before its type is known: the multipart parser's cap, which stops
 * the body there. It sits a little above the largest type's limit, so a file over its own limit
 * is still counted to its real size (a test holds the two together).
 */
export const UPLOAD_CAP_BYTES = MULTIPART_FILE_CAP_BYTES

/** The parser's answer when a file passes its cap; the use case turns it into the type's message. */
export function uploadPastCap(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', {
    message: GENERIC_MESSAGES.tooLarge,
    headers: { connection: 'close' },
  })
}

export interface UploadedFile {
  filename: string
  /** The form fields sent before the file. */
  fields: Record<string, string>
  stream: Readable
}

/**
 * A refusal. Its connection is closed when the body was not read to its end: kept alive, the next
 * request would sit behind the unread bytes.
 */
function refuse(code: ErrorCode, message: string, drained: boolean, field?: string): AppError {
  return new AppError(code, {
    message,
    ...(field ? { fieldErrors: [{ path: field, message }] } : {}),
    ...(drained ? {} : { headers: { connection: 'close' } }),
  })
}

const ApplicationIdSchema = z.uuid()

/**
 * Whether the id names one of the agent's own applications, which an upload may name. Appointments
 * knows them and sits above documents, so features/index.ts passes it in.
 */
export type IsOwnApplication = (
  executor: Executor,
  agencyId: string,
  userId: string,
  applicationId: string,
) => Promise<boolean>

type UploadForm =
  | { ok: true; documentType: DocumentType; applicationId: string | null }
  | { ok: false; field: 'documentType' | 'applicationId'; message: string }

/** The form's fields, or the field that is wrong. */
async function readForm(
  db: Db,
  ctx: Ctx,
  fields: Record<string, string>,
  isOwnApplication: IsOwnApplication,
): Promise<UploadForm> {
  const documentType = DOCUMENT_TYPES.find((type) => type === fields.documentType)
  if (!documentType) return { ok: false, field: 'documentType', message: UPLOAD_TEXTS.documentType }
  const applicationId = fields.applicationId?.trim() || null
  if (applicationId === null) return { ok: true, documentType, applicationId }
  const owned =
    ApplicationIdSchema.safeParse(applicationId).success &&
    (await isOwnApplication(db, ctx.actor.agencyId, ctx.actor.userId, applicationId))
  if (!owned) return { ok: false, field: 'applicationId', message: UPLOAD_TEXTS.applicationId }
  return { ok: true, documentType, applicationId }
}

/** Streams the file into storage under the type's rules; a file past the parser's cap is over the limit too. */
async function receive(file: UploadedFile, storage: FileStorage, key: string, type: DocumentType) {
  const { kinds, maxBytes } = DOCUMENT_DEFINITIONS[type]
  const received = await takeUpload(file.stream, storage, key, {
    kinds,
    maxBytes,
    capBytes: UPLOAD_CAP_BYTES,
  })
  if (received.ok) return received
  throw uploadRefusal(received, {
    type: (found) => invalidFileTypeMessage(type, found),
    size: (size) => fileTooLargeMessage(type, size),
  })
}

/**
 * An agent's upload on the Required Docs screen. The type is judged by content and the size by
 * the document type's limit, while the file streams to storage under a key the server makes; then
 * the row and its audit event are written in one transaction. Nothing is half-done: if anything
 * fails, no row stays and the stored object is removed.
 */
export async function uploadDocument(
  db: Db,
  storage: FileStorage,
  ctx: Ctx,
  file: UploadedFile,
  isOwnApplication: IsOwnApplication,
): Promise<UploadedDocument> {
  const { agencyId, userId } = ctx.actor
  const form = await readForm(db, ctx, file.fields, isOwnApplication)
  if (!form.ok) {
    const drained = await discardUpload(file.stream, UPLOAD_CAP_BYTES)
    throw refuse('INVALID_INPUT', form.message, drained, form.field)
  }
  const { documentType, applicationId } = form
  const id = randomUUID()
  const storageKey = storageKeyFor(agencyId, id)
  const stored = await receive(file, storage, storageKey, documentType)
  const fileName = displayFileName(file.filename)
  try {
    const { createdAt } = await db.transaction(async (tx) => {
      const row = await repository.insertDocument(tx, {
        id,
        agencyId,
        kind: 'upload',
        filename: fileName,
        contentType: stored.contentType,
        sizeBytes: stored.size,
        sha256: stored.sha256,
        storageKey,
        applicationId,
        documentType,
        uploadedByUserId: userId,
      })
      await recordAudit(tx, ctx, {
        action: 'document.uploaded',
        entity: { type: 'document', id: id },
        details: {
          documentType,
          sizeBytes: stored.size,
          sha256: stored.sha256,
          contentType: stored.contentType,
        },
      })
      return row
    })
    return {
      id,
      fileName,
      fileSize: stored.size,
      mimeType: stored.contentType,
      uploadedAt: createdAt.toISOString(),
      documentType,
      applicationId,
    }
  } catch (error) {
    // The orphan sweep would remove it a day later; removed now, nothing outlives the failure.
    await storage.delete(storageKey).catch(() => undefined)
    throw error
  }
}
