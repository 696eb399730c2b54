import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib'

/** One line of a text document as drawn: `item` lines sit indented under the field before them. */
export interface PdfLine {
  style: 'title' | 'heading' | 'text' | 'item'
  text: string
}

export const PDF_CREATOR = 'Agency back office'

export interface TextPdf {
  lines: PdfLine[]
  title: string
  author: string
  /** The document's creation and modification date (fixed, so the same input gives the same bytes). */
  stamp: Date
  /** Each page's footer, e.g. "Application … · page 2 of 3". */
  footer: (pageNumber: number, pageCount: number) => string
  /** Points left empty at the top of the first page, for the caller to draw in (a QR code). */
  firstPageTopInset?: number
}

const PAGE = { width: 612, height: 792, margin: 56 }
const SIZES: Record<PdfLine['style'], number> = { title: 18, heading: 12, text: 10, item: 10 }
const INDENT = { title: 0, heading: 0, text: 0, item: 14 }
const FOOTER_SIZE = 8

/**
 * Lays text lines out on US Letter pages (Helvetica, headings kept with their first line, long
 * words broken) and answers the document unsaved, so a caller can append pages before saving.
 */
export async function layoutTextPdf(input: TextPdf): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const encodable = new Set(regular.getCharacterSet())
  const clean = (text: string) => toEncodable(text, encodable)
  const stamp = Number.isNaN(input.stamp.getTime()) ? new Date(0) : input.stamp
  doc.setTitle(input.title)
  doc.setAuthor(input.author)
  doc.setCreator(PDF_CREATOR)
  doc.setProducer('pdf-lib')
  doc.setCreationDate(stamp)
  doc.setModificationDate(stamp)

  const width = PAGE.width - 2 * PAGE.margin
  let page = doc.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - PAGE.margin - (input.firstPageTopInset ?? 0)
  for (const line of input.lines) {
    const font = line.style === 'title' || line.style === 'heading' ? bold : regular
    const size = SIZES[line.style]
    const leading = size * 1.4
    const gap = line.style === 'heading' ? 10 : 0
    const rows = wrapText(clean(line.text), font, size, width - INDENT[line.style])
    // A heading keeps at least one line of its section with it on the page.
    const keep = gap + leading * (line.style === 'heading' ? 2 : 1)
    if (y - keep < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height])
      y = PAGE.height - PAGE.margin
    } else {
      y -= gap
    }
    for (const row of rows) {
      if (y - leading < PAGE.margin) {
        page = doc.addPage([PAGE.width, PAGE.height])
        y = PAGE.height - PAGE.margin
      }
      y -= leading
      page.drawText(row, { x: PAGE.margin + INDENT[line.style], y, size, font })
    }
  }

  const pages = doc.getPages()
  pages.forEach((each, index) => {
    const rows = wrapText(clean(input.footer(index + 1, pages.length)), regular, FOOTER_SIZE, width)
    rows.forEach((row, n) => {
      each.drawText(row, {
        x: PAGE.margin,
        y: PAGE.margin / 2 - n * FOOTER_SIZE * 1.3,
        size: FOOTER_SIZE,
        font: regular,
      })
    })
  })
  return doc
}

/** US Letter in points, for pages a caller adds (an image appended to a packet). */
export const LETTER = { width: PAGE.width, height: PAGE.height, margin: PAGE.margin }

/** Helvetica draws WinAnsi only: tabs become spaces, anything else it cannot encode becomes '?'. */
export function toEncodable(text: string, encodable: Set<number>): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (char === '\n' || char === '\r') out += char
    else if (char === '\t') out += ' '
    else out += encodable.has(code) ? char : '?'
  }
  return out
}

/** Rows that fit `maxWidth`: breaks at spaces, and inside a word only when the word alone is too wide. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= maxWidth
  const rows: string[] = []
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let row = ''
    for (const word of paragraph.split(/ +/)) {
      const candidate = row ? `${row} ${word}` : word
      if (fits(candidate)) {
        row = candidate
        continue
      }
      if (row) rows.push(row)
      row = word
      while (!fits(row)) {
        let cut = 1
        while (cut < row.length && fits(row.slice(0, cut + 1))) cut++
        rows.push(row.slice(0, cut))
        row = row.slice(cut)
      }
    }
    rows.push(row)
  }
  return rows
}
