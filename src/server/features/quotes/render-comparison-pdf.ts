import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import { PDF_CREATOR, toEncodable, wrapText } from '#server/platform/pdf/text-pdf.ts'
import type { ComparedQuote, QuoteComparison } from '#shared/contracts/quotes.contract.ts'
import { buildComparisonRows, formatLongDay } from './build-comparison-rows.ts'

/** What the document says besides the quotes: who sends it, to whom, and when. */
export interface ComparisonDocument {
  agencyName: string
  /** `#RRGGBB`: the agency's branding colour, or the product's own. */
  brandColor: string
  clientName: string
  insuranceType: string
  /** YYYY-MM-DD, the day it was made. */
  day: string
  comparison: QuoteComparison
}

export const COMPARISON_PDF_TEXTS = {
  title: 'Quote comparison',
  preparedFor: 'Prepared for {client} · {type} insurance · {date}',
  noQuotes: 'No carrier has quoted this application yet.',
  note: 'Annual premium puts 6- and 12-month terms on the same footing. A quote holds until its expiry date; the carrier’s policy documents govern the cover.',
  footer: '{agency} · quotes {first}–{last} of {count} · page {page} of {pages}',
} as const

// US Letter turned sideways: four quotes and their labels fit across it at a readable size.
const PAGE = { width: 792, height: 612, margin: 36 }
const LABEL_WIDTH = 140
const COLUMNS_PER_PAGE = 4
const MAX_COLUMN_WIDTH = 200
const SIZE = 9
const LEADING = 11
const PAD = 4
const BAND = 34
const INK = rgb(0.12, 0.14, 0.2)
const MUTED = rgb(0.4, 0.43, 0.5)
const STRIPE = rgb(0.95, 0.96, 0.97)

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))

function colorOf(hex: string) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (!match) return rgb(0.545, 0.361, 0.965)
  return rgb(...(match.slice(1).map((part) => Number.parseInt(part, 16) / 255) as [number, number, number]))
}

/** Groups of at most `size`, in order: the quotes each page's columns show. */
function chunk<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = []
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size))
  return groups
}

interface Fonts {
  regular: PDFFont
  bold: PDFFont
  clean: (text: string) => string
}

/**
 * The comparison as a client is sent it: the agency's name on a band of its colour, the client
 * and the day, then a column per quote (cheapest first, as compared) and a row per figure, with
 * coverages aligned by label. Four quotes to a page across; more go on following pages, and rows
 * that do not fit continue on a new page under the carriers' names again.
 */
export async function renderComparisonPdf(input: ComparisonDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const encodable = new Set(regular.getCharacterSet())
  const fonts: Fonts = { regular, bold, clean: (text) => toEncodable(text, encodable) }
  const stamp = new Date(`${input.day}T12:00:00Z`)
  doc.setTitle(`${COMPARISON_PDF_TEXTS.title}: ${input.clientName}`)
  doc.setAuthor(input.agencyName)
  doc.setCreator(PDF_CREATOR)
  doc.setProducer('pdf-lib')
  doc.setCreationDate(stamp)
  doc.setModificationDate(stamp)

  const { quotes } = input.comparison
  const rows = buildComparisonRows(input.comparison)
  const groups = quotes.length === 0 ? [[]] : chunk(quotes, COLUMNS_PER_PAGE)
  const tableWidth = PAGE.width - 2 * PAGE.margin - LABEL_WIDTH
  const columnWidth = Math.min(MAX_COLUMN_WIDTH, tableWidth / Math.min(COLUMNS_PER_PAGE, quotes.length || 1))
  const bottom = PAGE.margin + 2 * LEADING
  const ranges: { first: number; last: number }[] = []

  groups.forEach((group, groupIndex) => {
    const range = {
      first: groupIndex * COLUMNS_PER_PAGE + 1,
      last: groupIndex * COLUMNS_PER_PAGE + group.length,
    }
    let page = doc.addPage([PAGE.width, PAGE.height])
    ranges.push(range)
    let y = drawHeading(page, input, fonts)
    if (group.length === 0) {
      page.drawText(fonts.clean(COMPARISON_PDF_TEXTS.noQuotes), {
        x: PAGE.margin,
        y: y - LEADING,
        size: 11,
        font: regular,
        color: INK,
      })
      return
    }
    y = drawCarrierRow(page, group, fonts, y, columnWidth)
    rows.forEach((row, rowIndex) => {
      const cells = [row.label, ...group.map((quote) => row.cell(quote))].map((text, index) =>
        wrapText(
          fonts.clean(text),
          index === 0 || row.strong ? bold : regular,
          SIZE,
          (index === 0 ? LABEL_WIDTH : columnWidth) - 2 * PAD,
        ),
      )
      const height = Math.max(...cells.map((lines) => lines.length)) * LEADING + 2 * PAD
      if (y - height < bottom) {
        page = doc.addPage([PAGE.width, PAGE.height])
        ranges.push(range)
        y = drawCarrierRow(page, group, fonts, drawHeading(page, input, fonts), columnWidth)
      }
      if (rowIndex % 2 === 1)
        page.drawRectangle({
          x: PAGE.margin,
          y: y - height,
          width: LABEL_WIDTH + columnWidth * group.length,
          height,
          color: STRIPE,
        })
      cells.forEach((lines, index) => {
        const x = PAGE.margin + (index === 0 ? 0 : LABEL_WIDTH + (index - 1) * columnWidth) + PAD
        const font = index === 0 || row.strong ? bold : regular
        lines.forEach((line, n) => {
          page.drawText(line, {
            x,
            y: y - PAD - SIZE - n * LEADING,
            size: SIZE,
            font,
            color: index === 0 ? MUTED : INK,
          })
        })
      })
      y -= height
    })
    wrapText(fonts.clean(COMPARISON_PDF_TEXTS.note), regular, 8, PAGE.width - 2 * PAGE.margin).forEach(
      (line, n) => {
        if (y - (n + 2) * 10 >= bottom - LEADING)
          page.drawText(line, { x: PAGE.margin, y: y - (n + 2) * 10, size: 8, font: regular, color: MUTED })
      },
    )
  })

  const pages = doc.getPages()
  pages.forEach((page, index) => {
    const range = ranges[index]!
    const footer = fill(COMPARISON_PDF_TEXTS.footer, {
      agency: input.agencyName,
      first: range.first,
      last: range.last,
      count: quotes.length,
      page: index + 1,
      pages: pages.length,
    })
    page.drawText(fonts.clean(footer), {
      x: PAGE.margin,
      y: PAGE.margin / 2,
      size: 8,
      font: regular,
      color: MUTED,
    })
  })
  return doc.save()
}

/** The band with the agency's name, the title and who it is for: answers where the table starts. */
function drawHeading(page: PDFPage, input: ComparisonDocument, fonts: Fonts): number {
  const top = PAGE.height - PAGE.margin
  page.drawRectangle({
    x: PAGE.margin,
    y: top - BAND,
    width: PAGE.width - 2 * PAGE.margin,
    height: BAND,
    color: colorOf(input.brandColor),
  })
  page.drawText(fonts.clean(input.agencyName), {
    x: PAGE.margin + 10,
    y: top - BAND + 11,
    size: 15,
    font: fonts.bold,
    color: rgb(1, 1, 1),
  })
  page.drawText(COMPARISON_PDF_TEXTS.title, {
    x: PAGE.margin,
    y: top - BAND - 22,
    size: 14,
    font: fonts.bold,
    color: INK,
  })
  const prepared = fill(COMPARISON_PDF_TEXTS.preparedFor, {
    client: input.clientName,
    type: input.insuranceType,
    date: formatLongDay(input.day),
  })
  page.drawText(fonts.clean(prepared), {
    x: PAGE.margin,
    y: top - BAND - 38,
    size: 10,
    font: fonts.regular,
    color: INK,
  })
  return top - BAND - 50
}

/** The carriers' names over their columns, on a rule. */
function drawCarrierRow(
  page: PDFPage,
  group: ComparedQuote[],
  fonts: Fonts,
  y: number,
  columnWidth: number,
): number {
  const names = group.map((quote) =>
    wrapText(fonts.clean(quote.carrierName), fonts.bold, 10, columnWidth - 2 * PAD),
  )
  const height = Math.max(...names.map((lines) => lines.length)) * 12 + 2 * PAD
  names.forEach((lines, index) => {
    lines.forEach((line, n) => {
      page.drawText(line, {
        x: PAGE.margin + LABEL_WIDTH + index * columnWidth + PAD,
        y: y - PAD - 10 - n * 12,
        size: 10,
        font: fonts.bold,
        color: INK,
      })
    })
  })
  const ruleY = y - height
  page.drawLine({
    start: { x: PAGE.margin, y: ruleY },
    end: { x: PAGE.margin + LABEL_WIDTH + columnWidth * group.length, y: ruleY },
    thickness: 0.8,
    color: MUTED,
  })
  return ruleY
}
