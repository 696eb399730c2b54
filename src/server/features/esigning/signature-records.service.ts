import { createHash } from 'node:crypto'
import type { Executor } from '#server/db/connect.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { Placement } from '#shared/contracts/esigning.contract.ts'
import type { SignatureType, SignerRole } from '#shared/domain/esigning.ts'
import { findUserContact } from '../auth/auth.service.ts'
import { readDocumentBytes, storeDocument } from '../documents/documents.service.ts'
import * as repository from './esigning.repository.ts'
import type { ReportedClient } from './esigning.table.ts'
import type { CertificateSigner } from './pdf/append-certificate.ts'
import type { DocumentSignature } from './pdf/build-signed-pdf.ts'
import type { SignatureImage } from './read-signature-image.ts'
import { type MacFields, signatureMac } from './record-mac.service.ts'

/** A signature about to be recorded: who, how, under which consent, from where. */
export interface NewSignature {
  id: string
  agencyId: string
  signatureType: SignatureType
  signerName: string
  signerEmail: string
  signerRole: SignerRole
  image: SignatureImage
  consent: repository.ConsentRow
  /** The signed-in user it was made in the session of, or null through a link. */
  userId: string | null
  signerId: string | null
  placement: Placement | null
  reported: ReportedClient
  meta: RequestMeta
  signedAt: Date
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The image as a document of its own (kind signature_image), owned like the document it signs. */
export async function storeSignatureImage(
  executor: Executor,
  storage: FileStorage,
  signature: NewSignature,
  ownerUserId: string | null,
): Promise<string> {
  return storeDocument(executor, storage, {
    agencyId: signature.agencyId,
    kind: 'signature_image',
    filename: `signature-${signature.id}.${signature.image.contentType === 'image/jpeg' ? 'jpg' : 'png'}`,
    contentType: signature.image.contentType,
    content: signature.image.bytes,
    ownerUserId,
  })
}

/** Writes the signature's row with the MAC over every field that says who signed what. */
export async function insertSignatureRecord(
  executor: Executor,
  macKey: Buffer,
  signature: NewSignature,
  applied: Pick<
    MacFields,
    | 'signingDocumentId'
    | 'imageDocumentId'
    | 'documentSha256Before'
    | 'sealedDocumentId'
    | 'sealedSha256'
    | 'certificateFingerprint'
  >,
): Promise<void> {
  const fields: MacFields = {
    id: signature.id,
    agencyId: signature.agencyId,
    signerId: signature.signerId,
    userId: signature.userId,
    signatureType: signature.signatureType,
    signerName: signature.signerName,
    signerEmail: signature.signerEmail,
    signerRole: signature.signerRole,
    imageSha256: signature.image.sha256,
    consentId: signature.consent.id,
    ipAddress: signature.meta.ipAddress,
    userAgent: signature.meta.userAgent?.slice(0, 512) ?? null,
    signedAt: signature.signedAt,
    ...applied,
  }
  await repository.insertSignature(executor, {
    ...fields,
    reported: signature.reported,
    placement: signature.placement,
    recordMac: signatureMac(macKey, fields),
  })
}

async function viaOf(
  executor: Executor,
  agencyId: string,
  userId: string | null,
): Promise<CertificateSigner['via']> {
  if (!userId) return { kind: 'link' }
  const user = await findUserContact(executor, agencyId, userId)
  return { kind: 'session', userName: user?.name ?? 'a former user', userEmail: user?.email ?? 'unknown' }
}

/** A recorded signature as the PDF builder takes it: its image read back (and checked) from storage. */
export async function toDocumentSignature(
  executor: Executor,
  storage: FileStorage,
  row: repository.SignatureRow,
  consent: repository.ConsentRow,
): Promise<DocumentSignature> {
  const image = await readDocumentBytes(executor, storage, row.agencyId, row.imageDocumentId)
  return {
    signatureId: row.id,
    image: { bytes: image, contentType: image[0] === 0xff ? 'image/jpeg' : 'image/png' },
    placement: row.placement,
    signerName: row.signerName,
    signerEmail: row.signerEmail,
    signerRole: row.signerRole,
    signatureType: row.signatureType,
    signedAt: row.signedAt,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    consentVersion: consent.version,
    consentAcceptedAt: consent.acceptedAt,
    documentSha256Before: row.documentSha256Before ?? '',
    via: await viaOf(executor, row.agencyId, row.userId),
  }
}

/** The document's signatures so far, oldest first, ready to be placed again. */
export async function loadDocumentSignatures(
  executor: Executor,
  storage: FileStorage,
  agencyId: string,
  signingDocumentId: string,
) {
  const rows = await repository.findDocumentSignatures(executor, agencyId, signingDocumentId)
  const consents = await repository.findConsentsByIds(
    executor,
    agencyId,
    rows.map((row) => row.consentId),
  )
  const byId = new Map(consents.map((consent) => [consent.id, consent]))
  const signatures: DocumentSignature[] = []
  for (const row of rows)
    signatures.push(await toDocumentSignature(executor, storage, row, byId.get(row.consentId)!))
  return { rows, signatures }
}
