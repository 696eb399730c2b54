import { PDFDocument } from 'pdf-lib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PacketInput } from './application-payload.service.ts'
import {
  labelFor,
  PACKET_CREATOR,
  PACKET_TITLE,
  packetLines,
  renderApplicationPacket,
} from './render-application-packet.ts'

function packetInput(overrides: Partial<PacketInput> = {}): PacketInput {
  return {
    submissionId: 'sub-1',
    applicationId: 'app-1',
    submittedAt: '2026-11-21T15:30:00.000Z',
    insuranceType: 'auto',
    carrier: { id: 'c-1', code: 'ACME', name: 'Acme Mutual' },
    agency: { id: 'ag-1', name: 'Lakeside Insurance Agency' },
    agent: { name: 'Dana Agent', email: 'dana@lakeside.test' },
    client: {
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.test',
      phone: '555-0100',
      dateOfBirth: '1985-03-14',
      address: '12 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      ssnMasked: '***-**-6789',
    },
    applicationData: {
      autoData: { vehicleYear: 2020, vehicleMake: 'Honda', vehicleVin: '', primaryUse: 'commute' },
      budgetRange: '100_200',
      preferredCoverage: 'comprehensive',
    },
    notes: 'Client prefers email.',
    carriers: [
      { name: 'Acme Mutual', code: 'ACME' },
      { name: 'Beacon Life', code: 'BCN' },
    ],
    ...overrides,
  }
}

const textOf = (input: PacketInput) =>
  packetLines(input)
    .map((line) => line.text)
    .join('\n')

describe('packetLines', () => {
  it('starts with the title and names the agency, agent, date, client and every carrier', () => {
    const lines = packetLines(packetInput())
    expect(lines[0]).toEqual({ style: 'title', text: PACKET_TITLE })
    const headings = lines.filter((line) => line.style === 'heading').map((line) => line.text)
    expect(headings).toEqual([
      'Agency',
      'Agent',
      'Date submitted',
      'Client',
      'Coverage',
      'Auto details',
      'Carriers',
      'Notes',
    ])
    const text = textOf(packetInput())
    for (const expected of [
      'Name: Lakeside Insurance Agency',
      'Name: Dana Agent',
      'Email: dana@lakeside.test',
      'November 21, 2026',
      'Name: Jane Doe',
      'Email: jane@example.test',
      'Phone: 555-0100',
      'Date of birth: March 14, 1985',
      'Address: 12 Main St, Springfield, IL 62701',
      'Acme Mutual (ACME)',
      'Beacon Life (BCN)',
      'Client prefers email.',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('shows the SSN only as masked, and leaves the line out when there is none', () => {
    const text = textOf(packetInput())
    expect(text).toContain('SSN: ***-**-6789')
    expect(text).not.toMatch(/\d{3}-\d{2}-\d{4}/)
    const client = { ...packetInput().client, ssnMasked: null }
    expect(textOf(packetInput({ client }))).not.toContain('SSN')
  })

  it('lists the coverage and the type block with readable labels, skipping empty values', () => {
    const text = textOf(packetInput())
    expect(text).toContain('Insurance type: Auto')
    expect(text).toContain('Budget range: $100-200 per month')
    expect(text).toContain('Preferred coverage: Comprehensive')
    expect(text).toContain('Vehicle year: 2020')
    expect(text).toContain('Vehicle make: Honda')
    expect(text).toContain('Primary use: commute')
    expect(text).not.toContain('Vehicle VIN')
  })

  it('joins arrays, lists nested answers as yes/no items and keeps the extra fields', () => {
    const life = packetLines(
      packetInput({
        insuranceType: 'life',
        applicationData: {
          lifeData: { coverageAmount: 500000, healthQuestions: { usesTobacco: true, hadSurgery: false } },
        },
      }),
    )
    expect(life).toContainEqual({ style: 'text', text: 'Health questions:' })
    expect(life).toContainEqual({ style: 'item', text: 'Uses tobacco: yes' })
    expect(life).toContainEqual({ style: 'item', text: 'Had surgery: no' })
    const commercial = textOf(
      packetInput({
        insuranceType: 'commercial',
        applicationData: {
          commercialData: { coverageTypes: ['General liability', 'Property'] },
          businessName: 'Doe LLC',
        },
      }),
    )
    expect(commercial).toContain('Commercial details')
    expect(commercial).toContain('Coverage types: General liability, Property')
    expect(commercial).toContain('Business name: Doe LLC')
  })

  it('turns keys into labels', () => {
    expect(labelFor('vehicleYear')).toBe('Vehicle year')
    expect(labelFor('numberOfEmployees')).toBe('Number of employees')
    expect(labelFor('Do you smoke?')).toBe('Do you smoke?')
  })
})

describe('renderApplicationPacket', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('renders a PDF with the title, author and creator metadata', async () => {
    const bytes = await renderApplicationPacket(packetInput())
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const doc = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(doc.getTitle()).toBe('Application packet — Jane Doe')
    expect(doc.getAuthor()).toBe('Dana Agent')
    expect(doc.getCreator()).toBe(PACKET_CREATOR)
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-21T15:30:00.000Z')
    expect(doc.getPageCount()).toBe(1)
  })

  it('adds pages for long notes, breaking even a word wider than the page', async () => {
    const notes = `${'The client asked about bundling home and auto. '.repeat(400)}\n${'x'.repeat(3000)}`
    const doc = await PDFDocument.load(await renderApplicationPacket(packetInput({ notes })))
    expect(doc.getPageCount()).toBeGreaterThan(1)
  })

  it('draws characters Helvetica cannot encode as ? instead of throwing', async () => {
    const client = { ...packetInput().client, firstName: '李' }
    const bytes = await renderApplicationPacket(packetInput({ client, notes: 'Happy client 🎉\tcafé — ok' }))
    const doc = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(doc.getTitle()).toBe('Application packet — 李 Doe')
  })

  it('gives the same bytes for the same input at another time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'))
    const first = await renderApplicationPacket(packetInput())
    vi.setSystemTime(new Date('2031-06-01T12:00:00Z'))
    const second = await renderApplicationPacket(packetInput())
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true)
  })
})
