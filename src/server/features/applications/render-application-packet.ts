import { layoutTextPdf, PDF_CREATOR, type PdfLine } from '#server/platform/pdf/text-pdf.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import type { PacketInput } from './application-payload.service.ts'

export const PACKET_TITLE = 'Insurance Application Packet'
export const PACKET_CREATOR = PDF_CREATOR

export type PacketLine = PdfLine

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

/** The application packet (US Letter PDF) that email, pdf and manual carriers receive. */
export async function renderApplicationPacket(input: PacketInput): Promise<Uint8Array> {
  const doc = await layoutTextPdf({
    lines: packetLines(input),
    title: `Application packet — ${clientName(input)}`,
    author: input.agent?.name ?? input.agency.name,
    stamp: new Date(input.submittedAt),
    footer: (page, pages) =>
      `Application ${input.applicationId} · Submission ${input.submissionId} · page ${page} of ${pages}`,
  })
  return doc.save()
}
