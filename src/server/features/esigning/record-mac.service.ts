import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import type { esignSignatures } from './esigning.table.ts'

type SignatureRow = typeof esignSignatures.$inferSelect

/** The fields a signature's MAC covers: everything that says who signed what, when and how. */
export type MacFields = Pick<
  SignatureRow,
  | 'id'
  | 'agencyId'
  | 'signingDocumentId'
  | 'signerId'
  | 'userId'
  | 'signatureType'
  | 'signerName'
  | 'signerEmail'
  | 'signerRole'
  | 'imageDocumentId'
  | 'imageSha256'
  | 'consentId'
  | 'ipAddress'
  | 'userAgent'
  | 'documentSha256Before'
  | 'sealedDocumentId'
  | 'sealedSha256'
  | 'certificateFingerprint'
  | 'signedAt'
>

/** The key of signature MACs, derived from the audit signing seed: kept like it, never stored with the rows. */
export function deriveMacKey(seed: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', seed, Buffer.alloc(0), 'esigning signature record mac v1', 32))
}

function canonical(fields: MacFields): string {
  return JSON.stringify([
    'v1',
    fields.id,
    fields.agencyId,
    fields.signingDocumentId,
    fields.signerId,
    fields.userId,
    fields.signatureType,
    fields.signerName,
    fields.signerEmail,
    fields.signerRole,
    fields.imageDocumentId,
    fields.imageSha256,
    fields.consentId,
    fields.ipAddress,
    fields.userAgent,
    fields.documentSha256Before,
    fields.sealedDocumentId,
    fields.sealedSha256,
    fields.certificateFingerprint,
    fields.signedAt.toISOString(),
  ])
}

export function signatureMac(key: Buffer, fields: MacFields): string {
  return createHmac('sha256', key).update(canonical(fields)).digest('hex')
}

export function macMatches(key: Buffer, fields: MacFields, stored: string): boolean {
  const expected = Buffer.from(signatureMac(key, fields), 'hex')
  const given = Buffer.from(stored, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
