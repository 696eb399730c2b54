import { type PDFDocument, type PDFFont, rgb } from 'pdf-lib'
import type { Placement } from '#shared/contracts/esigning.contract.ts'

export interface PlacedSignature {
  image: { bytes: Buffer; contentType: string }
  placement: Placement | null
  signerName: string
  signedAt: Date
  signatureId: string
}

/** The default: the end of the last page, on the right, above the bottom margin. */
const DEFAULT = { x: 0.55, y: 0.8, width: 0.35 }
const CAPTION_SIZE = 7

export function utcStamp(date: Date): string {
  return `${date.toISOString().replace('T', ' ').slice(0, 19)} UTC`
}

/**
 * Draws the signature on its page: the image in a box of the chosen width (its height from the
 * image's proportions, at most a third of the width), a line under it and a caption naming the
 * signer, the time and the signature id. A page past the last means the last.
 */
export async function placeSignature(doc: PDFDocument, signature: PlacedSignature, font: PDFFont) {
  const image =
    signature.image.contentType === 'image/jpeg'
      ? await doc.embedJpg(signature.image.bytes)
      : await doc.embedPng(signature.image.bytes)
  const pages = doc.getPages()
  const chosen = signature.placement
  const page = pages[Math.min(chosen?.page ?? pages.length, pages.length) - 1]!
  const { width: pageWidth, height: pageHeight } = page.getSize()
  const box = chosen ?? DEFAULT
  const width = Math.min(box.width * pageWidth, pageWidth * (1 - box.x))
  const aspect = image.height / image.width
  const height = Math.min(width / 3, aspect * width)
  const left = box.x * pageWidth
  // Fractions run from the top, PDF points from the bottom; the caption stays on the page.
  const bottom = Math.max(pageHeight * (1 - box.y) - height, 2 * (CAPTION_SIZE + 2) + 6)
  page.drawImage(image, { x: left, y: bottom, width: height / aspect, height })
  page.drawLine({
    start: { x: left, y: bottom - 2 },
    end: { x: left + width, y: bottom - 2 },
    thickness: 0.5,
    color: rgb(0.3, 0.3, 0.3),
  })
  const caption = [
    `Signed electronically by ${signature.signerName}`,
    `${utcStamp(signature.signedAt)} · ID ${signature.signatureId}`,
  ]
  caption.forEach((line, index) => {
    page.drawText(fitText(line, font, CAPTION_SIZE, Math.max(width, 160)), {
      x: left,
      y: bottom - 2 - (index + 1) * (CAPTION_SIZE + 1.5),
      size: CAPTION_SIZE,
      font,
      color: rgb(0.25, 0.25, 0.25),
    })
  })
}

/** The text cut with an ellipsis to fit the width; characters Helvetica lacks become '?'. */
export function fitText(text: string, font: PDFFont, size: number, maxWidth: number): string {
  const encodable = new Set(font.getCharacterSet())
  let clean = [...text].map((char) => (encodable.has(char.codePointAt(0)!) ? char : '?')).join('')
  if (font.widthOfTextAtSize(clean, size) <= maxWidth) return clean
  while (clean.length > 1 && font.widthOfTextAtSize(`${clean}...`, size) > maxWidth)
    clean = clean.slice(0, -1)
  return `${clean}...`
}
