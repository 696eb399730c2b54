import type { Executor } from '#server/db/connect.ts'
import { readDocumentBytes, storeDocument } from '../documents/documents.service.ts'
import type { EsigningDeps } from './esigning-deps.service.ts'
import { verifyUrlOf } from './esigning-deps.service.ts'
import type { CertificateSigner } from './pdf/append-certificate.ts'
import { buildSignedPdf } from './pdf/build-signed-pdf.ts'
import {
  insertSignatureRecord,
  loadDocumentSignatures,
  type NewSignature,
  sha256Of,
  storeSignatureImage,
} from './signature-records.service.ts'
import type { SigningDocumentWithFile } from './signing-documents.service.ts'

type SigningRow = SigningDocumentWithFile

/** The signed file's name: the original's, marked signed, as a PDF. */
export function signedFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return `${dot > 0 ? fileName.slice(0, dot) : fileName} (signed).pdf`
}

/**
 * Applies a signature to a document, in the caller's transaction (which holds the document's row):
 * the PDF is made again from the original with every signature so far and this one, with the
 * certificate of completion, sealed, and stored as the document's latest signed version; the image
 * and the signature's record (with its MAC) are stored beside it.
 */
export async function applySignature(
  tx: Executor,
  deps: EsigningDeps,
  signing: SigningRow,
  signature: NewSignature,
  via: CertificateSigner['via'],
) {
  const { document, file } = signing
  const source = {
    name: document.name,
    fileName: file.filename,
    kind: document.sourceKind,
    bytes: await readDocumentBytes(tx, deps.storage, document.agencyId, document.id),
    sha256: document.sourceSha256,
  }
  const before = await loadDocumentSignatures(tx, deps.storage, document.agencyId, document.id)
  // What this signer reviewed: the last signed version, or the original.
  const documentSha256Before = before.rows.at(-1)?.sealedSha256 ?? document.sourceSha256
  const certificate = deps.certificate()
  const sealed = await buildSignedPdf({
    documentId: document.id,
    source,
    signatures: [
      ...before.signatures,
      {
        signatureId: signature.id,
        image: { bytes: signature.image.bytes, contentType: signature.image.contentType },
        placement: signature.placement,
        signerName: signature.signerName,
        signerEmail: signature.signerEmail,
        signerRole: signature.signerRole,
        signatureType: signature.signatureType,
        signedAt: signature.signedAt,
        ipAddress: signature.meta.ipAddress,
        userAgent: signature.meta.userAgent,
        consentVersion: signature.consent.version,
        consentAcceptedAt: signature.consent.acceptedAt,
        documentSha256Before,
        via,
      },
    ],
    certificate,
    sealedAt: signature.signedAt,
    verifyUrl: verifyUrlOf(deps.publicUrl, signature.id),
  })
  const imageDocumentId = await storeSignatureImage(tx, deps.storage, signature, document.ownerUserId)
  const sealedSha256 = sha256Of(sealed)
  const sealedDocumentId = await storeDocument(tx, deps.storage, {
    agencyId: document.agencyId,
    kind: 'signed_document',
    filename: signedFileName(file.filename),
    contentType: 'application/pdf',
    content: sealed,
    ownerUserId: document.ownerUserId,
  })
  await insertSignatureRecord(tx, deps.macKey, signature, {
    signingDocumentId: document.id,
    imageDocumentId,
    documentSha256Before,
    sealedDocumentId,
    sealedSha256,
    certificateFingerprint: certificate.fingerprint,
  })
  return { sealedDocumentId, sealedSha256, sizeBytes: sealed.length }
}
