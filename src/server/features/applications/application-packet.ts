import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import type { PacketInput } from './application-payload.ts'

export const PACKET_TITLE = 'Insurance Application Packet'
export const PACKET_CREATOR = 'Agency back office'

/** One line of the packet as drawn: `item` lines sit indented under the field before them. */
export interface PacketLine {
  style: 'title' | 'heading' | 'text' | 'item'
  text: string
}

const TYPE_BLOCKS: [key: string, type: InsuranceType, label: string][] = [
  ['autoData', 'auto', 'Auto'],
  ['propertyData', 'property', 'Property'],
  ['lifeData', 'life', 'Life'],
  ['commercialData', 'commercial', 'Commercial'],
  ['healthcareData', 'healthcare', 'Healthcare'],
]
const PREFERENCE_KEYS = ['budgetRange', 'preferredCoverage']
const BUDGET_LABELS: Record<string, string> = {
  under_100: 'Under $100 per month',
  '100_200': '$100-200 per month',
  '200_500': '$200-500 per month',
  over_500: 'Over $500 per month',
}
const LABEL_OVERRIDES: Record<string, string> = { vehicleVin: 'Vehicle VIN' }

/** vehicleYear -> "Vehicle year"; a key that is already prose (a question) stays as written. */
export function labelFor(key: string): string {
  if (LABEL_OVERRIDES[key]) return LABEL_OVERRIDES[key]
  if (key.includes(' ')) return key
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function formatValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(formatValue).filter(Boolean).join(', ')
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'string') return value.trim()
  if (isRecord(value)) return JSON.stringify(value)
  return ''
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A field's line, or its heading line and one `item` per entry of a nested record; empty values give none. */
function fieldLines(label: string, value: unknown): PacketLine[] {
  if (isRecord(value)) {
    const items = Object.entries(value).flatMap(([key, entry]): PacketLine[] => {
      const text = formatValue(entry)
      return text ? [{ style: 'item', text: `${labelFor(key)}: ${text}` }] : []
    })
    return items.length > 0 ? [{ style: 'text', text: `${label}:` }, ...items] : []
  }
  const text = formatValue(value)
  return text ? [{ style: 'text', text: `${label}: ${text}` }] : []
}

function section(heading: string, fields: [label: string, value: unknown][]): PacketLine[] {
  const lines = fields.flatMap(([label, value]) => fieldLines(label, value))
  return lines.length > 0 ? [{ style: 'heading', text: heading }, ...lines] : []
}

function textSection(heading: string, texts: string[]): PacketLine[] {
  const lines = texts.map((text): PacketLine => ({ style: 'text', text }))
  return lines.length > 0 ? [{ style: 'heading', text: heading }, ...lines] : []
}

/** An ISO date or timestamp as "November 21, 2026" (UTC, so the packet does not depend on the server's zone). */
export function formatLongDate(iso: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date)
}

export function clientName(input: PacketInput): string {
  return `${input.client.firstName} ${input.client.lastName}`.trim()
}

/** The packet's content, top to bottom, before any layout: what a carrier reads. */
export function packetLines(input: PacketInput): PacketLine[] {
  const { client, agent, applicationData: data } = input
  const region = [client.state, client.zipCode].filter(Boolean).join(' ')
  const address = [client.address, client.city, region].filter(Boolean).join(', ')
  const typeLabel = TYPE_BLOCKS.find(([, type]) => type === input.insuranceType)?.[2] ?? input.insuranceType
  const known = new Set([...TYPE_BLOCKS.map(([key]) => key), ...PREFERENCE_KEYS])
  // The wizard keeps a type's extra fields (business name, household income, …) beside its block.
  const extras = Object.entries(data).filter(([key]) => !known.has(key))
  const blocks = TYPE_BLOCKS.flatMap(([key, type, label]) => {
    const block = isRecord(data[key]) ? Object.entries(data[key]) : []
    const fields = type === input.insuranceType ? [...block, ...extras] : block
    return section(
      `${label} details`,
      fields.map(([name, value]) => [labelFor(name), value]),
    )
  })
  const budget =
    typeof data.budgetRange === 'string' ? (BUDGET_LABELS[data.budgetRange] ?? data.budgetRange) : null
  const notes = input.notes?.trim()
  return [
    { style: 'title', text: PACKET_TITLE },
    ...section('Agency', [['Name', input.agency.name]]),
    ...section('Agent', [
      ['Name', agent?.name],
      ['Email', agent?.email],
    ]),
    ...textSection('Date submitted', [formatLongDate(input.submittedAt)]),
    ...section('Client', [
      ['Name', clientName(input)],
      ['Email', client.email],
      ['Phone', client.phone],
      ['Date of birth', client.dateOfBirth ? formatLongDate(client.dateOfBirth) : null],
      ['Address', address],
      ['SSN', client.ssnMasked],
    ]),
    ...section('Coverage', [
      ['Insurance type', typeLabel],
      ['Budget range', budget],
      [
        'Preferred coverage',
        typeof data.preferredCoverage === 'string' ? labelFor(data.preferredCoverage) : null,
      ],
    ]),
    ...blocks,
    ...textSection(
      'Carriers',
      input.carriers.map((carrier) => `${carrier.name} (${carrier.code})`),
    ),
    ...textSection('Notes', notes ? notes.split(/\r\n|\r|\n/) : []),
  ]
}

const PAGE = { width: 612, height: 792, margin: 56 }
const SIZES: Record<PacketLine['style'], number> = { title: 18, heading: 12, text: 10, item: 10 }
const INDENT = { title: 0, heading: 0, text: 0, item: 14 }
const FOOTER_SIZE = 8

/** The application packet (US Letter PDF) that email, pdf and manual carriers receive. */
export async function renderApplicationPacket(input: PacketInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const encodable = new Set(regular.getCharacterSet())
  const clean = (text: string) => toEncodable(text, encodable)
  const submitted = new Date(input.submittedAt)
  const stamp = Number.isNaN(submitted.getTime()) ? new Date(0) : submitted
  doc.setTitle(`Application packet — ${clientName(input)}`)
  doc.setAuthor(input.agent?.name ?? input.agency.name)
  doc.setCreator(PACKET_CREATOR)
  doc.setProducer('pdf-lib')
  doc.setCreationDate(stamp)
  doc.setModificationDate(stamp)

  const width = PAGE.width - 2 * PAGE.margin
  let page = doc.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - PAGE.margin
  for (const line of packetLines(input)) {
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
    const footer = `Application ${input.applicationId} · Submission ${input.submissionId} · page ${index + 1} of ${pages.length}`
    const rows = wrapText(clean(footer), regular, FOOTER_SIZE, width)
    rows.forEach((row, n) => {
      each.drawText(row, {
        x: PAGE.margin,
        y: PAGE.margin / 2 - n * FOOTER_SIZE * 1.3,
        size: FOOTER_SIZE,
        font: regular,
      })
    })
  })
  return doc.save()
}

/** Helvetica draws WinAnsi only: tabs become spaces, anything else it cannot encode becomes '?'. */
function toEncodable(text: string, encodable: Set<number>): string {
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
function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
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
