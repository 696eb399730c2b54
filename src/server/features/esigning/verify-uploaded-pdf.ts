import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { PUBLIC_VERIFY_TEXTS, type PublicVerification } from '#shared/contracts/esigning-links.contract.ts'
import * as repository from './esigning.repository.ts'
import { verifySeal } from './pdf/verify-seal.ts'
import { sha256Of } from './signature-records.service.ts'
import { verifyPublicly } from './verify-signature.ts'

interface VerifyDeps {
  db: Db
  storage: FileStorage
  macKey: Buffer
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const REASON = new RegExp(`/Reason\\s*\\([^)]*\\(signature (${UUID})\\)`)

/** The signature id our seal names in its reason (a copy modified afterwards still carries it). */
export function signatureIdNamedIn(pdf: Buffer): string | null {
  return REASON.exec(pdf.toString('latin1'))?.[1] ?? null
}

async function auditUnmatched(db: Db, meta: RequestMeta, sha256: string) {
  await db.transaction((tx) =>
    recordAuditAs(
      tx,
      meta,
      { agencyId: null, actorUserId: null },
      { action: 'esign.public_verified', entity: { type: 'file' }, details: { matched: false, sha256 } },
    ),
  )
}

/**
 * The public verify page: a PDF is a document signed here, unmodified, when its SHA-256 is that of
 * a sealed version on record, its seal verifies with the certificate recorded, and that record's
 * own proofs hold. It answers validity, and who signed when; nothing else of the record.
 */
export async function verifyUploadedPdf(
  deps: VerifyDeps,
  meta: RequestMeta,
  pdf: Buffer,
): Promise<PublicVerification> {
  if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: PUBLIC_VERIFY_TEXTS.notPdf })
  }
  const sha256 = sha256Of(pdf)
  const [row] = (await repository.findSignaturesBySealedSha(deps.db, sha256)).sort(
    (a, b) => b.signedAt.getTime() - a.signedAt.getTime(),
  )
  if (!row) {
    const namedId = signatureIdNamedIn(pdf)
    const named = namedId ? await repository.findSignatureAnywhere(deps.db, namedId) : undefined
    if (!named) {
      await auditUnmatched(deps.db, meta, sha256)
      return { matched: false, isValid: false, message: PUBLIC_VERIFY_TEXTS.unknown, signatures: [] }
    }
    const answer = await verifyPublicly(deps, meta, named, {
      valid: PUBLIC_VERIFY_TEXTS.modified,
      invalid: PUBLIC_VERIFY_TEXTS.modified,
    })
    return { ...answer, matched: false, isValid: false }
  }
  const seal = verifySeal(pdf)
  const sealTrusted = seal.ok && seal.fingerprint === row.certificateFingerprint
  const answer = await verifyPublicly(deps, meta, row, {
    valid: PUBLIC_VERIFY_TEXTS.matched,
    invalid: PUBLIC_VERIFY_TEXTS.badSeal,
  })
  const isValid = answer.isValid && sealTrusted
  // Everyone who had signed by then: the sealed version carries their signatures too.
  const signatures = row.signingDocumentId
    ? (await repository.findDocumentSignatures(deps.db, row.agencyId, row.signingDocumentId))
        .filter((each) => each.signedAt <= row.signedAt)
        .map((each) => ({ signerName: each.signerName, signedAt: each.signedAt.toISOString() }))
    : answer.signatures
  return {
    matched: true,
    isValid,
    message: isValid ? PUBLIC_VERIFY_TEXTS.matched : PUBLIC_VERIFY_TEXTS.badSeal,
    signatures,
  }
}
