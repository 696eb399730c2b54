import type { Executor } from '#server/db/connect.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { VerificationResult } from '#shared/contracts/esigning.contract.ts'
import { readDocumentBytes } from '../documents/documents.service.ts'
import type * as repository from './esigning.repository.ts'
import { LARGEST_SIGNED_BYTES } from './pdf/build-signed-pdf.ts'
import { verifySeal } from './pdf/verify-seal.ts'
import { macMatches } from './record-mac.service.ts'
import { sha256Of } from './signature-records.service.ts'

type Check = VerificationResult['checks'][number]

async function bytesOrNull(executor: Executor, storage: FileStorage, agencyId: string, id: string) {
  try {
    return await readDocumentBytes(executor, storage, agencyId, id, { maxBytes: LARGEST_SIGNED_BYTES })
  } catch {
    // Missing, or not what its own row says: either way not the file that was signed.
    return null
  }
}

/**
 * Everything that proves a signature, recomputed now: its record against its MAC, its image
 * against the hash recorded, and, once applied to a document, the stored signed PDF against its
 * hash and its seal against the certificate recorded. Any failure is tamper evidence.
 */
export async function checkSignature(
  executor: Executor,
  deps: { storage: FileStorage; macKey: Buffer },
  row: repository.SignatureRow,
): Promise<Check[]> {
  const checks: Check[] = []
  const recordIntact = macMatches(deps.macKey, row, row.recordMac)
  checks.push({
    name: 'Signature record',
    passed: recordIntact,
    detail: recordIntact
      ? 'Signer, time, image and document hashes are as recorded at signing.'
      : 'The signature’s record was changed after signing.',
  })
  const image = await bytesOrNull(executor, deps.storage, row.agencyId, row.imageDocumentId)
  const imageIntact = image !== null && sha256Of(image) === row.imageSha256
  checks.push({
    name: 'Signature image',
    passed: imageIntact,
    detail: imageIntact
      ? `The stored image is the one signed (SHA-256 ${row.imageSha256}).`
      : 'The stored signature image is not the one that was signed.',
  })
  if (!row.sealedDocumentId || !row.sealedSha256) return checks
  const pdf = await bytesOrNull(executor, deps.storage, row.agencyId, row.sealedDocumentId)
  const pdfIntact = pdf !== null && sha256Of(pdf) === row.sealedSha256
  checks.push({
    name: 'Signed document',
    passed: pdfIntact,
    detail: pdfIntact
      ? `The stored signed PDF is unchanged (SHA-256 ${row.sealedSha256}).`
      : 'The stored signed PDF was changed after signing.',
  })
  const seal = pdf ? verifySeal(pdf) : { ok: false as const, reason: 'The signed PDF is missing.' }
  const sealTrusted = seal.ok && seal.fingerprint === row.certificateFingerprint
  checks.push({
    name: 'Digital seal',
    passed: sealTrusted,
    detail: sealTrusted
      ? 'The PKCS#7 seal covers the whole PDF and verifies with the certificate recorded at signing.'
      : seal.ok
        ? 'The PDF is sealed with a certificate other than the one recorded at signing.'
        : seal.reason,
  })
  return checks
}
