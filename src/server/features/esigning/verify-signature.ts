import type { Db } from '#server/db/connect.ts'
import { recordAudit, recordAuditAs } from '#server/platform/audit.ts'
import type { Ctx, RequestMeta } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { VerificationResult } from '#shared/contracts/esigning.contract.ts'
import type { PublicVerification } from '#shared/contracts/esigning-links.contract.ts'
import { PUBLIC_VERIFY_TEXTS } from '#shared/contracts/esigning-links.contract.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { checkSignature } from './check-signature.ts'
import * as repository from './esigning.repository.ts'
import { notFound } from './sign-document.ts'
import { findSigningDocument } from './signing-documents.service.ts'

interface VerifyDeps {
  db: Db
  storage: FileStorage
  macKey: Buffer
}

/**
 * GET /api/esigning/verify/{signatureId}: the agency's own signature, every proof recomputed.
 * Seen by the signer's account, the document's owner and the agency's admins; audited.
 */
export async function verifySignature(
  deps: VerifyDeps,
  ctx: Ctx,
  signatureId: string,
): Promise<VerificationResult> {
  const { agencyId, userId } = ctx.actor
  const row = await repository.findSignature(deps.db, agencyId, signatureId)
  if (!row) throw notFound()
  const signing = row.signingDocumentId
    ? await findSigningDocument(deps.db, agencyId, row.signingDocumentId)
    : undefined
  const mine = row.userId === userId || signing?.document.ownerUserId === userId
  if (!mine && !isAgencyAdmin(ctx.actor.role)) throw notFound()
  const checks = await checkSignature(deps.db, deps, row)
  const isValid = checks.every((check) => check.passed)
  const verifiedAt = new Date()
  await deps.db.transaction((tx) =>
    recordAudit(tx, ctx, {
      action: 'esign.signature_verified',
      entity: { type: 'esign_signature', id: row.id },
      details: { isValid, failed: checks.filter((check) => !check.passed).map((check) => check.name) },
    }),
  )
  return {
    isValid,
    complianceLevel: row.sealedDocumentId ? 'advanced' : 'basic',
    signedAt: row.signedAt.toISOString(),
    verifiedAt: verifiedAt.toISOString(),
    tamperEvidence: !isValid,
    signatureId: row.id,
    signerName: row.signerName,
    signerEmail: row.signerEmail,
    signerRole: row.signerRole,
    signatureType: row.signatureType,
    documentId: row.signingDocumentId,
    documentName: signing?.document.name ?? null,
    checks,
  }
}

/** The public page's view of a signature: valid or not, who, when; audited in its agency. */
export async function verifyPublicly(
  deps: VerifyDeps,
  meta: RequestMeta,
  row: repository.SignatureRow,
  messages: { valid: string; invalid: string },
): Promise<PublicVerification> {
  const checks = await checkSignature(deps.db, deps, row)
  const isValid = checks.every((check) => check.passed)
  await deps.db.transaction((tx) =>
    recordAuditAs(
      tx,
      meta,
      { agencyId: row.agencyId, actorUserId: null },
      {
        action: 'esign.public_verified',
        entity: { type: 'esign_signature', id: row.id },
        details: { isValid },
      },
    ),
  )
  return {
    matched: true,
    isValid,
    message: isValid ? messages.valid : messages.invalid,
    signatures: [{ signerName: row.signerName, signedAt: row.signedAt.toISOString() }],
  }
}

/** GET /api/esigning/public/verify/{signatureId}: the certificate page's QR code. */
export async function verifyPublicById(deps: VerifyDeps, meta: RequestMeta, signatureId: string) {
  const row = await repository.findSignatureAnywhere(deps.db, signatureId)
  if (!row) throw notFound()
  return verifyPublicly(deps, meta, row, {
    valid: PUBLIC_VERIFY_TEXTS.idValid,
    invalid: PUBLIC_VERIFY_TEXTS.idInvalid,
  })
}
