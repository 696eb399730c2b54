import type { PDFDocument } from 'pdf-lib'
import QRCode from 'qrcode'
import { LETTER, layoutTextPdf, type PdfLine } from '#server/platform/pdf/text-pdf.ts'
import { SIGNER_ROLE_LABELS, type SignatureType, type SignerRole } from '#shared/domain/esigning.ts'
import type { SigningCertificate } from '../signing-certificate.service.ts'
import type { Conversion, SigningSource } from './convert-source-to-pdf.ts'
import { utcStamp } from './place-signature.ts'

/** One signature's evidence, as the certificate page lists it. */
export interface CertificateSigner {
  signatureId: string
  signerName: string
  signerEmail: string
  signerRole: SignerRole
  signatureType: SignatureType
  signedAt: Date
  ipAddress: string | null
  userAgent: string | null
  consentVersion: string
  consentAcceptedAt: Date
  /** SHA-256 of the document as the signer reviewed it. */
  documentSha256Before: string
  /** Signed in someone's session, or through a one-time link sent to the signer's email. */
  via: { kind: 'session'; userName: string; userEmail: string } | { kind: 'link' }
}

export interface CertificateInput {
  documentId: string
  source: SigningSource
  conversion: Conversion
  signers: CertificateSigner[]
  certificate: SigningCertificate
  sealedAt: Date
  verifyUrl: string
}

const QR_SIZE = 96
const INSET = QR_SIZE + 16

const CONVERSION_NOTES: Record<Conversion, string> = {
  pdf: 'The uploaded PDF, with the signatures placed on it and this page added.',
  image: 'The uploaded image, placed on a page of its own for signing.',
  text: 'The uploaded text file, set in pages for signing.',
  envelope:
    'A Word document cannot carry this seal itself: it is attached unchanged to this PDF (see its attachments), and the seal over the PDF covers it. Its SHA-256 is the original’s below.',
}

function signerLines(signer: CertificateSigner, index: number): PdfLine[] {
  const item = (text: string): PdfLine => ({ style: 'item', text })
  return [
    { style: 'heading', text: `Signer ${index + 1}: ${signer.signerName}` },
    item(`Email: ${signer.signerEmail}`),
    item(`Role: ${SIGNER_ROLE_LABELS[signer.signerRole]}`),
    item(`Signature: ${signer.signatureType}, ID ${signer.signatureId}`),
    item(`Signed at: ${utcStamp(signer.signedAt)}`),
    item(`IP address: ${signer.ipAddress ?? 'not known'}`),
    item(`User agent: ${signer.userAgent ?? 'not known'}`),
    item(
      `Consent: ESIGN disclosure ${signer.consentVersion}, accepted ${utcStamp(signer.consentAcceptedAt)}`,
    ),
    item(`SHA-256 of the document before signing: ${signer.documentSha256Before}`),
    item(
      signer.via.kind === 'session'
        ? `Signed in the account of ${signer.via.userName} (${signer.via.userEmail})`
        : `Signed through a one-time link emailed to ${signer.signerEmail}`,
    ),
  ]
}

/** The certificate of completion's lines: the document, each signer's evidence, the seal. */
export function certificateLines(input: CertificateInput): PdfLine[] {
  const { source, certificate } = input
  return [
    { style: 'title', text: 'Certificate of Completion' },
    {
      style: 'text',
      text: 'Electronic signature record under the ESIGN Act (15 U.S.C. § 7001) and the Uniform Electronic Transactions Act.',
    },
    { style: 'heading', text: 'Document' },
    { style: 'item', text: `Name: ${source.name}` },
    { style: 'item', text: `Document ID: ${input.documentId}` },
    {
      style: 'item',
      text: `Original file: ${source.fileName} (${source.bytes.length.toLocaleString('en-US')} bytes)`,
    },
    { style: 'item', text: `SHA-256 of the original: ${source.sha256}` },
    { style: 'item', text: CONVERSION_NOTES[input.conversion] },
    ...input.signers.flatMap(signerLines),
    { style: 'heading', text: 'Seal' },
    { style: 'item', text: `Sealed at: ${utcStamp(input.sealedAt)}` },
    {
      style: 'item',
      text: `Certificate: ${certificate.commonName}${certificate.selfSigned ? ' (self-signed platform certificate)' : ''}`,
    },
    { style: 'item', text: `Certificate SHA-256 fingerprint: ${certificate.fingerprint}` },
    {
      style: 'item',
      text: 'The whole PDF is sealed with a PKCS#7 detached digital signature (SHA-256): any change after sealing breaks it, and PDF readers show it.',
    },
    { style: 'item', text: `Verify online: ${input.verifyUrl}` },
  ]
}

/** Appends the certificate page(s), with a QR code to the public verify page at the top of the first. */
export async function appendCertificate(doc: PDFDocument, input: CertificateInput): Promise<void> {
  const certificateDoc = await layoutTextPdf({
    lines: certificateLines(input),
    title: 'Certificate of Completion',
    author: '',
    stamp: input.sealedAt,
    footer: (page, pages) => `Certificate of Completion · ${input.source.name} · page ${page} of ${pages}`,
    firstPageTopInset: INSET,
  })
  const pages = await doc.copyPages(certificateDoc, certificateDoc.getPageIndices())
  for (const page of pages) doc.addPage(page)
  const qr = await QRCode.toBuffer(input.verifyUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    scale: 4,
  })
  const image = await doc.embedPng(qr)
  pages[0]!.drawImage(image, {
    x: LETTER.width - LETTER.margin - QR_SIZE,
    y: LETTER.height - LETTER.margin - QR_SIZE,
    width: QR_SIZE,
    height: QR_SIZE,
  })
}
