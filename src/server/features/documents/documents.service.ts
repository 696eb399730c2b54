import { createHash, randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { DOCUMENT_TEXTS } from '#shared/contracts/documents.contract.ts'
import { type DocumentType, LARGEST_DOCUMENT_BYTES } from '#shared/domain/document-types.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import * as repository from './documents.repository.ts'
import type { DocumentKind } from './documents.table.ts'

export type { DocumentKind }

export const DOCUMENTS_PREFIX = 'documents/'

/** Keys name the agency and the row, so the orphan sweep can tell an object's row from its key. */
export function storageKeyFor(agencyId: string, documentId: string): string {
  return `${DOCUMENTS_PREFIX}${agencyId}/${documentId}`
}

/**
 * Documents that stand as a record, and why they cannot be deleted here: what a carrier was sent,
 * what was signed and how (a document uploaded for signing is removed through e-signing, which
 * knows whether anyone signed it), and a file another feature's record points at.
 */
const KEPT: Partial<Record<DocumentKind, string>> = {
  application_packet: DOCUMENT_TEXTS.sentPacket,
  carrier_packet: DOCUMENT_TEXTS.sentPacket,
  signing_upload: DOCUMENT_TEXTS.signingRecord,
  signature_image: DOCUMENT_TEXTS.signingRecord,
  signed_document: DOCUMENT_TEXTS.signingRecord,
  attachment: DOCUMENT_TEXTS.attachedFile,
}

const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

export interface NewDocument {
  agencyId: string
  kind: DocumentKind
  filename: string
  contentType: string
  content: Uint8Array | Readable
  applicationId?: string | null
  /** Whose own documents these are (an upload, a packet carrying uploads): only they and admins open it. */
  ownerUserId?: string | null
}

/**
 * Stores the bytes, then writes the row in the caller's transaction. If that transaction rolls
 * back, the object is left without a row, and the orphan sweep removes it a day later.
 */
export async function storeDocument(
  executor: Executor,
  storage: FileStorage,
  document: NewDocument,
): Promise<string> {
  const id = randomUUID()
  const storageKey = storageKeyFor(document.agencyId, id)
  const { size, sha256 } = await storage.put(storageKey, document.content, {
    contentType: document.contentType,
  })
  await repository.insertDocument(executor, {
    id,
    agencyId: document.agencyId,
    kind: document.kind,
    filename: document.filename,
    contentType: document.contentType,
    sizeBytes: size,
    sha256,
    storageKey,
    applicationId: document.applicationId ?? null,
    uploadedByUserId: document.ownerUserId ?? null,
  })
  return id
}

async function openStored(storage: FileStorage, row: { storageKey: string | null }): Promise<Readable> {
  // A row without a key is one start-up has not yet moved out of the database: it cannot be read
  // until it has (moveDocumentsToStorage runs before the app listens).
  if (!row.storageKey) throw new Error('This document is still being moved to file storage')
  return storage.get(row.storageKey)
}

/** The bytes of one of the agency's documents, as a stream (mail attachments). */
export async function openDocumentContent(
  executor: Executor,
  storage: FileStorage,
  agencyId: string,
  id: string,
): Promise<Readable> {
  const row = await repository.findDocument(executor, agencyId, id)
  if (!row) throw new Error(`Document ${id} not found`)
  return openStored(storage, row)
}

/**
 * An agent's own documents (a W-9 carries a tax id, often an SSN; a voided check the bank
 * account), uploaded or carried in an appointment packet, open for them and their agency admins;
 * other agents of the agency get 404, as for a missing one. Other packets are the agency's
 * record of what carriers were sent.
 */
function mayOpen(row: { uploadedByUserId: string | null }, actor: Ctx['actor']): boolean {
  if (!row.uploadedByUserId) return true
  return row.uploadedByUserId === actor.userId || isAgencyAdmin(actor.role)
}

/** A download by the agency's staff: documents hold personal data, so each read is audited. */
export async function downloadDocument(db: Db, storage: FileStorage, ctx: Ctx, id: string) {
  const row = await repository.findDocument(db, ctx.actor.agencyId, id)
  if (!row || !mayOpen(row, ctx.actor)) throw notFound()
  const content = await openStored(storage, row)
  try {
    await recordAudit(db, ctx, {
      action: 'document.downloaded',
      entity: { type: 'document', id: row.id },
      details: { kind: row.kind, sizeBytes: row.sizeBytes, sha256: row.sha256 },
    })
  } catch (error) {
    content.destroy()
    throw error
  }
  return { document: row, content }
}

/**
 * Removes the row (audited) and then its object. A crash between the two leaves an object
 * without a row, which the orphan sweep removes. Generated packets are the record of what a
 * carrier was sent and stay.
 */
export async function deleteDocument(db: Db, storage: FileStorage, ctx: Ctx, id: string) {
  const { agencyId } = ctx.actor
  const removed = await db.transaction(async (tx) => {
    const row = await repository.findDocument(tx, agencyId, id, { forUpdate: true })
    if (!row || !mayOpen(row, ctx.actor)) throw notFound()
    const kept = KEPT[row.kind]
    if (kept) throw new AppError('CONFLICT', { message: kept })
    await repository.deleteDocumentRow(tx, agencyId, id)
    await recordAudit(tx, ctx, {
      action: 'document.deleted',
      entity: { type: 'document', id: id },
      details: { kind: row.kind, filename: row.filename, sha256: row.sha256 },
    })
    return row
  })
  // The row is gone: a file storage could not delete now is an orphan the sweep removes a day on,
  // not a failure of what the user asked.
  if (removed.storageKey) await storage.delete(removed.storageKey).catch(() => undefined)
  return { deleted: true as const }
}

/** A document's name and size, for a feature that attaches or links it. */
export async function findDocumentInfo(executor: Executor, agencyId: string, id: string) {
  const row = await repository.findDocument(executor, agencyId, id)
  return row ? { id: row.id, filename: row.filename, sizeBytes: row.sizeBytes } : undefined
}

/** A document's file as another feature names it: its name, size and type. */
export interface DocumentFile {
  filename: string
  sizeBytes: number
  contentType: string
}

/** The files of these documents of the agency, by id, in one query (others' are simply absent). */
export async function findDocumentFiles(
  executor: Executor,
  agencyId: string,
  ids: string[],
): Promise<Map<string, DocumentFile>> {
  if (ids.length === 0) return new Map()
  const rows = await repository.findDocumentFiles(executor, agencyId, [...new Set(ids)])
  return new Map(rows.map(({ id, ...file }) => [id, file]))
}

/** An agent's document on file: the newest upload of its type. */
export interface UploadOnFile {
  id: string
  fileName: string
  fileSize: number
  /** ISO time. */
  uploadedAt: string
  contentType: string
  storageKey: string
  sha256: string
}

/** The newest upload of each type a user has made: their documents on file (producer profile, packets). */
export async function latestUploadsByType(
  executor: Executor,
  agencyId: string,
  userId: string,
): Promise<Map<DocumentType, UploadOnFile>> {
  const rows = await repository.findLatestUploads(executor, agencyId, userId)
  return new Map(
    rows.map((row) => [
      row.documentType!,
      {
        id: row.id,
        fileName: row.filename,
        fileSize: row.sizeBytes,
        uploadedAt: row.createdAt.toISOString(),
        contentType: row.contentType,
        storageKey: row.storageKey!,
        sha256: row.sha256,
      },
    ]),
  )
}

/**
 * A document's whole content, to put inside another (an upload appended to a carrier packet).
 * Only for documents of upload size; the bytes must match the row's SHA-256, so a packet never
 * carries a file other than the one the agent uploaded.
 */
export async function readDocumentBytes(
  executor: Executor,
  storage: FileStorage,
  agencyId: string,
  id: string,
  options: { maxBytes?: number } = {},
): Promise<Buffer> {
  const row = await repository.findDocument(executor, agencyId, id)
  if (!row) throw notFound()
  if (row.sizeBytes > (options.maxBytes ?? LARGEST_DOCUMENT_BYTES)) {
    throw new Error(`Document ${id} is too large to read whole`)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of await openStored(storage, row)) {
    size += (chunk as Buffer).length
    if (size > row.sizeBytes) break
    chunks.push(chunk as Buffer)
  }
  const bytes = Buffer.concat(chunks)
  if (size !== row.sizeBytes || createHash('sha256').update(bytes).digest('hex') !== row.sha256) {
    throw new Error(`Document ${id}: the stored bytes do not match its SHA-256`)
  }
  return bytes
}

/** A document whose bytes a feature already streamed into storage under storageKeyFor(agency, id). */
export interface StoredDocument {
  id: string
  agencyId: string
  kind: DocumentKind
  filename: string
  contentType: string
  sizeBytes: number
  sha256: string
  ownerUserId: string | null
}

/** Writes the row of a document already in storage, in the caller's transaction. */
export async function recordStoredDocument(executor: Executor, document: StoredDocument) {
  return repository.insertDocument(executor, {
    id: document.id,
    agencyId: document.agencyId,
    kind: document.kind,
    filename: document.filename,
    contentType: document.contentType,
    sizeBytes: document.sizeBytes,
    sha256: document.sha256,
    storageKey: storageKeyFor(document.agencyId, document.id),
    uploadedByUserId: document.ownerUserId,
  })
}

/**
 * Removes a document's row for a feature that decided it may go (its own rules, its own audit
 * event), in the caller's transaction; answers the storage key to delete once that commits.
 */
export async function removeDocumentRow(executor: Executor, agencyId: string, id: string) {
  const row = await repository.findDocument(executor, agencyId, id, { forUpdate: true })
  if (!row) return null
  await repository.deleteDocumentRow(executor, agencyId, id)
  return row.storageKey
}
