import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { documentDownloadPath } from '#shared/contracts/documents.contract.ts'
import type { SigningDocument } from '#shared/contracts/esigning-documents.contract.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import type { SigningDocumentStatus } from '#shared/domain/esigning.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { removeDocumentRow } from '../documents/documents.service.ts'
import * as repository from './esigning.repository.ts'
import { signerState } from './send-document.ts'
import { findVisibleSigningDocument } from './sign-document.ts'
import { listSigningDocumentsWithFiles } from './signing-documents.service.ts'

/** The newest documents shown; a bound so no list reads without one. */
const LISTED = 200

/**
 * The Documents tab: the caller's documents for signing (an agency admin's: the agency's), newest
 * first, each with its signatures and, once sent, its signers and their status.
 */
export async function listSigningDocuments(
  db: Db,
  ctx: Ctx,
  status?: SigningDocumentStatus,
): Promise<{ documents: SigningDocument[] }> {
  const { agencyId, userId, role } = ctx.actor
  const rows = await listSigningDocumentsWithFiles(
    db,
    agencyId,
    { ownerUserId: isAgencyAdmin(role) ? undefined : userId, status },
    LISTED,
  )
  const ids = rows.map((row) => row.document.id)
  const [signatures, signers] = await Promise.all([
    repository.findSignaturesOfDocuments(db, agencyId, ids),
    repository.findSigners(db, agencyId, ids),
  ])
  const now = new Date()
  return {
    documents: rows.map(({ document, file }) => ({
      id: document.id,
      name: document.name,
      documentType: document.documentType,
      fileName: file.filename,
      fileSize: file.sizeBytes,
      mimeType: file.contentType,
      status: document.status,
      provider: document.provider,
      createdAt: document.createdAt.toISOString(),
      completedAt: document.completedAt?.toISOString() ?? null,
      url: documentDownloadPath(document.id),
      signedUrl: document.signedDocumentId ? documentDownloadPath(document.signedDocumentId) : null,
      signatures: signatures
        .filter((signature) => signature.signingDocumentId === document.id)
        .map((signature) => ({
          signatureId: signature.id,
          signerName: signature.signerName,
          signedAt: signature.signedAt.toISOString(),
        })),
      signers: signers
        .filter((signer) => signer.signingDocumentId === document.id)
        .map((signer) => signerState(signer, now)),
    })),
  }
}

/** Removes a document nobody signed nor was asked to sign (Enhanced E-Signing's remove). */
export async function removeSigningDocument(db: Db, storage: FileStorage, ctx: Ctx, id: string) {
  const { agencyId } = ctx.actor
  const storageKey = await db.transaction(async (tx) => {
    const signing = await findVisibleSigningDocument(tx, ctx, id, { forUpdate: true })
    if (
      signing.document.provider ||
      signing.document.signedDocumentId ||
      signing.document.status !== 'pending_signature'
    ) {
      throw new AppError('CONFLICT', { message: ESIGNING_TEXTS.notDeletable })
    }
    await repository.deleteSigningDocument(tx, agencyId, id)
    const key = await removeDocumentRow(tx, agencyId, id)
    await recordAudit(tx, ctx, {
      action: 'esign.document_removed',
      entity: { type: 'signing_document', id: id },
      details: { name: signing.document.name, sha256: signing.document.sourceSha256 },
    })
    return key
  })
  // Gone from the database: a file storage could not delete now is an orphan the sweep removes.
  if (storageKey) await storage.delete(storageKey).catch(() => undefined)
  return { deleted: true as const }
}
