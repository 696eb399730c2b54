import { PDFDocument } from 'pdf-lib'
import { LETTER, layoutTextPdf, type PdfLine } from '#server/platform/pdf/text-pdf.ts'
import { DOCUMENT_DEFINITIONS, type DocumentType } from '#shared/domain/document-types.ts'
import { formatLongDate } from '../applications/render-application-packet.ts'
import type { AppointmentPayload } from './appointment-payload.service.ts'

export const APPOINTMENT_PACKET_TITLE = 'Producer Appointment Packet'

/** An upload to append after the application: its bytes, and what they are by content. */
export interface Attachment {
  documentType: DocumentType
  fileName: string
  mimeType: string
  bytes: Uint8Array
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')
const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`

function section(heading: string, fields: [string, string | null | undefined][]): PdfLine[] {
  const lines = fields.flatMap(([label, value]): PdfLine[] =>
    value ? [{ style: 'text', text: `${label}: ${value}` }] : [],
  )
  return lines.length > 0 ? [{ style: 'heading', text: heading }, ...lines] : []
}

/** The packet's text, top to bottom: what the carrier's contracting team reads. */
export function appointmentPacketLines(payload: AppointmentPayload, carriers: string[]): PdfLine[] {
  const { producer, errorsAndOmissions: eo, background, attestations, signature, directDeposit } = payload
  return [
    { style: 'title', text: APPOINTMENT_PACKET_TITLE },
    ...section('Agency', [
      ['Name', payload.agency.name],
      ['Sent by', payload.sentBy ? `${payload.sentBy.name} (${payload.sentBy.email})` : null],
      ['Date submitted', formatLongDate(payload.submittedAt)],
    ]),
    ...section('Producer', [
      ['Full name', producer.fullName],
      ['NPN', producer.npn],
      ['Email', producer.email],
      ['Phone', producer.phone],
      ['Agency affiliation', producer.agencyAffiliation],
      ['Agency code', producer.agencyCode],
    ]),
    ...section('Licensing', [
      ['State licenses', producer.stateLicenses.join(', ')],
      ['Lines of authority', producer.linesOfAuthority.join(', ')],
    ]),
    ...section('Errors and omissions coverage', [
      ['Carrier', eo.carrier],
      ['Amount', dollars(eo.amount)],
      ['Expires', formatLongDate(eo.expirationDate)],
    ]),
    ...section('Background', [
      ['Felony conviction', yesNo(background.felonyConviction)],
      ['Disciplinary action', yesNo(background.disciplinaryAction)],
      ['Details', background.details],
    ]),
    ...section('Confirmations', [
      ['W-9 signed', yesNo(attestations.w9Signed)],
      ['E&O document signed', yesNo(attestations.eoDocumentSigned)],
      ['Voided check submitted', yesNo(attestations.voidedCheckSubmitted)],
    ]),
    ...section('Direct deposit (numbers masked)', [
      ['Bank', directDeposit?.bankName],
      ['Account type', directDeposit?.accountType],
      ['Routing number', directDeposit?.routingNumber],
      ['Account number', directDeposit?.accountNumber],
      ['Account holder', directDeposit?.accountHolderName],
    ]),
    ...section(
      'Documents on file',
      payload.documents.map((d) => [
        DOCUMENT_DEFINITIONS[d.documentType].label,
        `${d.fileName} (SHA-256 ${d.sha256.slice(0, 16)}…)`,
      ]),
    ),
    ...section('Carriers', [['Sent to', carriers.join(', ')]]),
    ...section('Electronic signature', [
      ['Signed by', signature.eSignature],
      ['Signed at', `${formatLongDate(signature.signedAt)}, ${signature.signedAt.slice(11, 19)} UTC`],
      ['IP address seen by the server', signature.ipAddress ?? 'not recorded'],
      ['IP address reported by the browser', signature.reportedIpAddress],
      ['User agent', signature.userAgent],
      ['Location', signature.geoLocation ?? 'not shared'],
      [
        'Terms of use',
        signature.termsAccepted ? `accepted, version ${signature.termsVersion}` : 'not accepted',
      ],
      ['Privacy policy', signature.privacyPolicyAccepted ? 'accepted' : 'not accepted'],
      ['Consent to electronic signature', signature.consentToElectronicSignature ? 'given' : 'not given'],
    ]),
  ]
}

/** A PDF's pages copied in; an image on a page of its own, scaled to fit. Null when it cannot be read. */
async function appendAttachment(doc: PDFDocument, attachment: Attachment): Promise<boolean> {
  try {
    if (attachment.mimeType === 'application/pdf') {
      const source = await PDFDocument.load(attachment.bytes, { ignoreEncryption: false })
      const pages = await doc.copyPages(source, source.getPageIndices())
      for (const page of pages) doc.addPage(page)
      return true
    }
    const image =
      attachment.mimeType === 'image/png'
        ? await doc.embedPng(attachment.bytes)
        : await doc.embedJpg(attachment.bytes)
    const box = { width: LETTER.width - 2 * LETTER.margin, height: LETTER.height - 2 * LETTER.margin }
    const scale = Math.min(1, box.width / image.width, box.height / image.height)
    const page = doc.addPage([LETTER.width, LETTER.height])
    page.drawImage(image, {
      x: LETTER.margin,
      y: LETTER.height - LETTER.margin - image.height * scale,
      width: image.width * scale,
      height: image.height * scale,
    })
    return true
  } catch {
    // An encrypted or damaged upload: the packet says so on its last page instead of failing.
    return false
  }
}

/** The packet PDF: the application and its signature block, then the W-9, E&O certificate and voided check. */
export async function renderAppointmentPacket(
  payload: AppointmentPayload,
  carriers: string[],
  attachments: Attachment[],
): Promise<Uint8Array> {
  const missing: string[] = []
  const lines = appointmentPacketLines(payload, carriers)
  const doc = await layoutTextPdf({
    lines,
    title: `Appointment packet — ${payload.producer.fullName}`,
    author: payload.sentBy?.name ?? payload.agency.name,
    stamp: new Date(payload.submittedAt),
    footer: (page, pages) =>
      `Appointment ${payload.appointmentId} · Submission ${payload.submissionId} · page ${page} of ${pages}`,
  })
  for (const attachment of attachments) {
    if (!(await appendAttachment(doc, attachment))) missing.push(attachment.fileName)
  }
  if (missing.length > 0) {
    const note = await layoutTextPdf({
      lines: [
        { style: 'heading', text: 'Attachments that could not be included' },
        ...missing.map((name): PdfLine => ({ style: 'text', text: `${name}: ask the agency for a copy.` })),
      ],
      title: '',
      author: '',
      stamp: new Date(payload.submittedAt),
      footer: () => `Appointment ${payload.appointmentId}`,
    })
    for (const page of await doc.copyPages(note, note.getPageIndices())) doc.addPage(page)
  }
  return doc.save()
}
