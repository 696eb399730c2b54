import { EncryptedPDFError, PDFDocument } from 'pdf-lib'
import { AppError } from '#server/platform/app-error.ts'
import { LETTER, layoutTextPdf } from '#server/platform/pdf/text-pdf.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { FILE_KIND_MIME, type FileKind } from '#shared/domain/document-types.ts'

/** The file a person uploaded for signing, as stored. */
export interface SigningSource {
  name: string
  fileName: string
  kind: FileKind
  bytes: Buffer
  sha256: string
}

/** How the original became the PDF that is signed: said on the certificate page. */
export type Conversion = 'pdf' | 'image' | 'text' | 'envelope'

export function conversionOf(kind: FileKind): Conversion {
  if (kind === 'pdf') return 'pdf'
  if (kind === 'png' || kind === 'jpeg') return 'image'
  if (kind === 'txt') return 'text'
  return 'envelope'
}

const unreadable = (message: string) => new AppError('INVALID_INPUT', { message })

async function loadPdf(bytes: Buffer): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false })
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw unreadable(ESIGNING_TEXTS.encryptedPdf)
    throw unreadable(ESIGNING_TEXTS.unreadableFile)
  }
}

/** The image on a Letter page of its own, scaled down to fit inside the margins. */
async function imagePdf(source: SigningSource): Promise<PDFDocument> {
  const doc = await PDFDocument.create()
  doc.setTitle(source.name)
  try {
    const image = source.kind === 'png' ? await doc.embedPng(source.bytes) : await doc.embedJpg(source.bytes)
    const box = { width: LETTER.width - 2 * LETTER.margin, height: LETTER.height - 2 * LETTER.margin - 120 }
    const scale = Math.min(1, box.width / image.width, box.height / image.height)
    doc.addPage([LETTER.width, LETTER.height]).drawImage(image, {
      x: LETTER.margin,
      y: LETTER.height - LETTER.margin - image.height * scale,
      width: image.width * scale,
      height: image.height * scale,
    })
  } catch {
    throw unreadable(ESIGNING_TEXTS.unreadableFile)
  }
  return doc
}

/** The text set in pages (UTF-8; what Helvetica cannot draw shows as '?'). */
async function textPdf(source: SigningSource, now: Date): Promise<PDFDocument> {
  const text = source.bytes.toString('utf8').replace(/^\uFEFF/, '')
  const doc = await layoutTextPdf({
    lines: text.split(/\r\n|\r|\n/).map((line) => ({ style: 'text', text: line })),
    title: source.name,
    author: '',
    stamp: now,
    footer: (page, pages) => `${source.fileName} · page ${page} of ${pages}`,
  })
  return doc
}

/**
 * A Word file cannot be signed inside itself here: it travels in a PDF envelope that attaches it
 * unchanged and records its hash, so the seal over the envelope protects the attached original.
 */
async function envelopePdf(source: SigningSource, now: Date): Promise<PDFDocument> {
  const doc = await layoutTextPdf({
    lines: [
      { style: 'title', text: source.name },
      {
        style: 'text',
        text: 'This PDF is a signing envelope. The Word document below is attached to it unchanged: open it from your PDF reader’s attachments panel.',
      },
      { style: 'heading', text: 'Attached document' },
      { style: 'item', text: `File: ${source.fileName}` },
      { style: 'item', text: `Size: ${source.bytes.length.toLocaleString('en-US')} bytes` },
      { style: 'item', text: `SHA-256: ${source.sha256}` },
      {
        style: 'text',
        text: 'The signatures and the seal of this PDF cover the attachment: changing the Word file inside it breaks the seal.',
      },
    ],
    title: source.name,
    author: '',
    stamp: now,
    footer: (page, pages) => `Signing envelope for ${source.fileName} · page ${page} of ${pages}`,
  })
  await doc.attach(source.bytes, source.fileName, {
    mimeType: FILE_KIND_MIME[source.kind],
    description: `Original document, SHA-256 ${source.sha256}`,
    creationDate: now,
    modificationDate: now,
  })
  return doc
}

/** The original as the PDF that is signed: a PDF as it is, an image or text set in pages, Word in an envelope. */
export async function sourceToPdf(source: SigningSource, now: Date): Promise<PDFDocument> {
  switch (conversionOf(source.kind)) {
    case 'pdf':
      return loadPdf(source.bytes)
    case 'image':
      return imagePdf(source)
    case 'text':
      return textPdf(source, now)
    case 'envelope':
      return envelopePdf(source, now)
  }
}
