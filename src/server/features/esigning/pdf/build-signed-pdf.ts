import { StandardFonts } from 'pdf-lib'
import { AppError } from '#server/platform/app-error.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import type { SigningCertificate } from '../signing-certificate.service.ts'
import { appendCertificate, type CertificateSigner } from './append-certificate.ts'
import { conversionOf, type SigningSource, sourceToPdf } from './convert-source-to-pdf.ts'
import { type PlacedSignature, placeSignature } from './place-signature.ts'
import { sealPdf } from './seal-pdf.ts'

export type DocumentSignature = PlacedSignature & CertificateSigner

export interface SignedPdfInput {
  documentId: string
  source: SigningSource
  /** Every signature so far, oldest first: each signer's version carries those before it. */
  signatures: DocumentSignature[]
  certificate: SigningCertificate
  sealedAt: Date
  verifyUrl: string
}

/** A sealed PDF past this is refused: it would not travel by email, nor be read back whole. */
export const LARGEST_SIGNED_BYTES = 25 * 1024 * 1024

/**
 * The signed PDF, made afresh from the original each time: the original as a PDF, every signature
 * placed, the certificate of completion appended, the whole sealed with the platform certificate.
 */
export async function buildSignedPdf(input: SignedPdfInput): Promise<Buffer> {
  const doc = await sourceToPdf(input.source, input.sealedAt)
  if (doc.getPageCount() === 0)
    throw new AppError('INVALID_INPUT', { message: ESIGNING_TEXTS.unreadableFile })
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const signature of input.signatures) await placeSignature(doc, signature, font)
  await appendCertificate(doc, {
    documentId: input.documentId,
    source: input.source,
    conversion: conversionOf(input.source.kind),
    signers: input.signatures,
    certificate: input.certificate,
    sealedAt: input.sealedAt,
    verifyUrl: input.verifyUrl,
  })
  doc.setModificationDate(input.sealedAt)
  doc.setProducer('Agency Back Office e-signing (pdf-lib, @signpdf)')
  const last = input.signatures.at(-1)!
  const sealed = await sealPdf(doc, input.certificate, {
    // The latest signature's id, in the seal's reason: the public verify page finds the record a
    // modified copy came from by it.
    reason: `Signed by ${input.signatures.map((each) => each.signerName).join(', ')} (signature ${last.signatureId})`,
    signerName: last.signerName,
    contactInfo: last.signerEmail,
    location: 'Agency Back Office',
    signedAt: input.sealedAt,
  })
  if (sealed.length > LARGEST_SIGNED_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', { message: ESIGNING_TEXTS.tooLargeSigned })
  }
  return sealed
}
