import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib'
import { P12Signer } from '@signpdf/signer-p12'
import { SignPdf } from '@signpdf/signpdf'
import type { PDFDocument } from 'pdf-lib'
import type { SigningCertificate } from '../signing-certificate.service.ts'

export interface SealDetails {
  /** Shown by PDF readers as the signature's reason, name, location and contact. */
  reason: string
  signerName: string
  contactInfo: string
  location: string
  signedAt: Date
}

const signer = new SignPdf()

/**
 * Seals the finished document: a signature field whose PKCS#7 detached signature (SHA-256, the
 * platform certificate) covers every byte of the file but the signature itself, so a reader shows
 * it unmodified since signing. The document must not change after this: the answer is the file.
 */
export async function sealPdf(
  doc: PDFDocument,
  certificate: SigningCertificate,
  details: SealDetails,
): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: details.reason,
    contactInfo: details.contactInfo,
    name: details.signerName,
    location: details.location,
    signingTime: details.signedAt,
    appName: 'Agency Back Office',
  })
  // No object streams: the placeholder must stay readable in the file for the signer to fill.
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }))
  const p12 = new P12Signer(certificate.p12, { passphrase: certificate.passphrase })
  return signer.sign(prepared, p12, details.signedAt)
}
