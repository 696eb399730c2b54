// Appointment packets (issue #12): one appointment sent to 20 carriers. Building the packets
// (PDFs with the agent's W-9, E&O certificate and voided check appended) and queuing their
// deliveries, in one transaction: target under 2 s on PostgreSQL (BENCH_DATABASE_URL). Baseline
// in the same run: the same appointment sent to one carrier, and to 20 API carriers (JSON only,
// no PDF). The worker is not running, so this measures the submit's own work, not delivery.
import type { InjectOptions } from 'fastify'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { submitAppointment } from '#server/features/appointments/submit-appointment.ts'
import { createStorage } from '#server/platform/storage/create-storage.ts'
import { sampleAppointment } from '#test/appointment-input.ts'
import { uploadBody } from '#test/file-fixtures.ts'
import { startBenchApp } from './setup.ts'

const CARRIERS = 20
const RUNS = Number(process.env.BENCH_PACKET_RUNS ?? 3)
const TARGET_MS = 2000
const ORIGIN = { origin: 'http://bench.local', host: 'bench.local' }

/** A scanned-looking document: `pages` pages of text, a few hundred KB like a real scan is not. */
async function pdfOf(pages: number, label: string): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let n = 0; n < pages; n++) {
    const page = doc.addPage([612, 792])
    for (let line = 0; line < 40; line++)
      page.drawText(`${label} page ${n + 1} line ${line + 1}`, { x: 50, y: 740 - line * 17, size: 10, font })
  }
  return Buffer.from(await doc.save())
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function benchAppointmentPackets(): Promise<void> {
  const bench = await startBenchApp('appointments')
  const { app, cookie } = bench
  const inject = (options: InjectOptions) => app.inject(options)
  try {
    const ctx = (await bench.contextOf(cookie))!
    const post = async (url: string, payload: unknown) => {
      const response = await inject({
        method: 'POST',
        url,
        headers: { ...ORIGIN, cookie },
        payload: payload as object,
      })
      if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
      return response.json()
    }
    for (const [documentType, content] of [
      ['w9', await pdfOf(1, 'W-9')],
      ['eo_certificate', await pdfOf(2, 'E&O certificate')],
      ['voided_check', await pdfOf(1, 'Voided check')],
    ] as const) {
      const body = uploadBody({ documentType, fileName: `${documentType}.pdf`, content })
      const response = await inject({
        method: 'POST',
        url: '/api/documents/upload',
        headers: { ...ORIGIN, cookie, ...body.headers },
        payload: body.payload,
      })
      if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`)
    }
    const carriersOf = async (method: 'pdf' | 'api', count: number) => {
      const ids: string[] = []
      for (let n = 0; n < count; n++) {
        const code = `${method}${n}${Math.floor(Math.random() * 1e5)}`.toUpperCase().slice(0, 12)
        const carrier = await post('/api/carriers', {
          name: `Bench ${method} ${code}`,
          code,
          state: 'TX',
          supportedTypes: ['life'],
          submissionMethod: method,
          contactEmail: 'contracting@carrier.example',
        })
        ids.push(carrier.id)
      }
      return ids
    }
    const pdfCarriers = await carriersOf('pdf', CARRIERS)
    const apiCarriers = await carriersOf('api', CARRIERS)
    // The app's own storage: the disk adapter over the same DATA_DIR (or the same S3 bucket).
    const deps = { storage: createStorage(bench.config), wake: () => {}, waitMs: 0 }
    const timeOf = async (carrierIds: string[]) => {
      const times: number[] = []
      for (let run = 0; run < RUNS; run++) {
        // A new appointment each run: a carrier an appointment already went to is not sent again.
        const { id } = await post('/api/appointments', sampleAppointment())
        const started = performance.now()
        await submitAppointment(bench.db, ctx, id, carrierIds, deps)
        times.push(performance.now() - started)
      }
      return median(times)
    }
    const one = await timeOf(pdfCarriers.slice(0, 1))
    const api = await timeOf(apiCarriers)
    const pdf = await timeOf(pdfCarriers)
    const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'
    console.log(
      `\nappointment packets (${database}, median of ${RUNS}; target < ${TARGET_MS} ms for ${CARRIERS} carriers)`,
    )
    console.log(`  1 PDF carrier (baseline)       ${one.toFixed(0).padStart(6)} ms`)
    console.log(
      `  ${CARRIERS} API carriers (JSON only)    ${api.toFixed(0).padStart(6)} ms  ${(api / one).toFixed(1)}x`,
    )
    console.log(
      `  ${CARRIERS} PDF carriers                ${pdf.toFixed(0).padStart(6)} ms  ${(pdf / one).toFixed(1)}x  (${(pdf / CARRIERS).toFixed(0)} ms per packet)`,
    )
  } finally {
    await app.close()
    await bench.database.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAppointmentPackets()
