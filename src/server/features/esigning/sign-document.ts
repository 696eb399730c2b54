import { randomUUID } from 'node:crypto'
import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { documentDownloadPath } from '#shared/contracts/documents.contract.ts'
import type {
  CreateSignatureInput,
  SignDocumentInput,
  SignedDocument,
} from '#shared/contracts/esigning.contract.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { applySignature } from './apply-signature.ts'
import { requireUserConsent, signerIdentity } from './consent.service.ts'
import * as repository from './esigning.repository.ts'
import type { EsigningDeps } from './esigning-deps.service.ts'
import { readSignatureImage, type SignatureImage } from './read-signature-image.ts'
import { insertSignatureRecord, type NewSignature, storeSignatureImage } from './signature-records.service.ts'
import { findSigningDocument } from './signing-documents.service.ts'

export const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

/** A document for signing the caller may see: their own, or any of the agency's for its admins. */
export async function findVisibleSigningDocument(
  executor: Executor,
  ctx: Ctx,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const row = await findSigningDocument(executor, ctx.actor.agencyId, id, options)
  if (!row) throw notFound()
  if (row.document.ownerUserId !== ctx.actor.userId && !isAgencyAdmin(ctx.actor.role)) throw notFound()
  return row
}

function newSignature(
  ctx: Ctx,
  input: CreateSignatureInput,
  identity: { signerName: string; signerEmail: string },
  image: SignatureImage,
) {
  return {
    id: randomUUID(),
    agencyId: ctx.actor.agencyId,
    signatureType: input.signatureType,
    signerName: identity.signerName,
    signerEmail: identity.signerEmail,
    signerRole: input.signerRole,
    image,
    userId: ctx.actor.userId,
    signerId: null,
    placement: input.placement ?? null,
    reported: { ipAddress: input.ipAddress, userAgent: input.userAgent, timestamp: input.timestamp },
    meta: ctx,
    signedAt: new Date(),
  }
}

/**
 * POST /api/documents/sign: the signed-in user (or the person they name, at their desk) signs a
 * document uploaded for signing. Needs the disclosure accepted for that signer; makes the sealed
 * PDF; the document is then completed. One transaction holds the document's row throughout, so
 * two signings of one document cannot both go through.
 */
export async function signDocument(
  deps: EsigningDeps,
  ctx: Ctx,
  input: SignDocumentInput,
): Promise<SignedDocument> {
  const { agencyId } = ctx.actor
  // Shape, then existence, then state: a malformed image is 400 whatever the document's state.
  const image = readSignatureImage(input.signatureData)
  return deps.db.transaction(async (tx) => {
    const signing = await findVisibleSigningDocument(tx, ctx, input.documentId, { forUpdate: true })
    if (signing.document.status === 'completed') {
      throw new AppError('CONFLICT', { message: ESIGNING_TEXTS.alreadySigned })
    }
    if (signing.document.provider)
      throw new AppError('CONFLICT', { message: ESIGNING_TEXTS.sentForSignature })
    const identity = await signerIdentity(tx, ctx, input)
    const consent = await requireUserConsent(tx, ctx, identity.signerEmail)
    const signature: NewSignature = { ...newSignature(ctx, input, identity, image), consent }
    const applied = await applySignature(tx, deps, signing, signature, {
      kind: 'session',
      userName: identity.user.name,
      userEmail: identity.user.email,
    })
    await repository.updateSigningDocument(tx, agencyId, signing.document.id, {
      status: 'completed',
      completedAt: signature.signedAt,
      signedDocumentId: applied.sealedDocumentId,
      documentType: signing.document.documentType ?? input.documentType ?? null,
    })
    await recordAudit(tx, ctx, {
      action: 'esign.document_signed',
      entity: { type: 'signing_document', id: signing.document.id },
      details: {
        signatureId: signature.id,
        signatureType: signature.signatureType,
        signerEmail: signature.signerEmail,
        sealedSha256: applied.sealedSha256,
      },
    })
    return {
      success: true as const,
      signatureId: signature.id,
      documentId: signing.document.id,
      signedDocumentUrl: documentDownloadPath(applied.sealedDocumentId),
      signedAt: signature.signedAt.toISOString(),
      sha256: applied.sealedSha256,
    }
  })
}

/**
 * POST /api/esigning/create-signature: with a documentId the document is signed (as above);
 * without one the signature is recorded on its own (its image, consent and evidence), for later.
 */
export async function createSignature(deps: EsigningDeps, ctx: Ctx, input: CreateSignatureInput) {
  if (input.documentId) {
    const signed = await signDocument(deps, ctx, { ...input, documentId: input.documentId })
    return { success: true as const, signatureId: signed.signatureId }
  }
  const { userId } = ctx.actor
  const image = readSignatureImage(input.signatureData)
  return deps.db.transaction(async (tx) => {
    const identity = await signerIdentity(tx, ctx, input)
    const consent = await requireUserConsent(tx, ctx, identity.signerEmail)
    const signature: NewSignature = { ...newSignature(ctx, input, identity, image), consent }
    const imageDocumentId = await storeSignatureImage(tx, deps.storage, signature, userId)
    await insertSignatureRecord(tx, deps.macKey, signature, {
      signingDocumentId: null,
      imageDocumentId,
      documentSha256Before: null,
      sealedDocumentId: null,
      sealedSha256: null,
      certificateFingerprint: null,
    })
    await recordAudit(tx, ctx, {
      action: 'esign.signature_created',
      entity: { type: 'esign_signature', id: signature.id },
      details: { signatureType: signature.signatureType, imageSha256: signature.image.sha256 },
    })
    return { success: true as const, signatureId: signature.id }
  })
}
