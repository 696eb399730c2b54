// E-signing (issue #18): signing and sealing a 10-page PDF through POST /api/documents/sign (the
// PDF made again with the signature placed, the certificate page, the PKCS#7 seal, the stores, the
// MAC'd record and the audit event), target p50 < 500 ms; verifying the signature through
// GET /api/esigning/verify/{id} (both hashes recomputed, the seal checked), target p50 < 100 ms.
// Baseline in the same run: a bare pdf-lib load and save of the same file.
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { pngDataUrl, scribblePng } from '#server/features/esigning/draw-scribble-png.ts'
import { ESIGN_DISCLOSURE } from '#shared/contracts/esigning-texts.ts'
import { signingUploadBody } from '#test/esigning-fixtures.ts'
import { startBenchApp } from './setup.ts'

const RUNS = Number(process.env.BENCH_ESIGNING_RUNS ?? 20)
const ORIGIN = { origin: 'http://bench.local', host: 'bench.local' }

async function tenPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let n = 0; n < 10; n++) {
    const page = doc.addPage([612, 792])
    for (let line = 0; line < 40; line++)
      page.drawText(`Producer agreement page ${n + 1} clause ${line + 1}`, {
        x: 50,
        y: 740 - line * 17,
        size: 10,
        font,
      })
  }
  return Buffer.from(await doc.save())
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await run()
  return performance.now() - start
}

export async function benchEsigning(): Promise<void> {
  const bench = await startBenchApp('esigning')
  const { app, cookie } = bench
  const request = (options: { method: 'GET' | 'POST'; url: string; payload?: object }) =>
    app.inject({ ...options, headers: { ...ORIGIN, cookie } })
  try {
    const pdf = await tenPagePdf()
    await request({
      method: 'POST',
      url: '/api/esigning/consent',
      payload: { version: ESIGN_DISCLOSURE.version },
    })
    const ids: string[] = []
    for (let n = 0; n < RUNS + 2; n++) {
      const body = signingUploadBody({ content: pdf, fileName: `agreement-${n}.pdf`, type: 'bench' })
      const response = await app.inject({
        method: 'POST',
        url: '/api/documents/upload',
        headers: { ...ORIGIN, cookie, ...body.headers },
        payload: body.payload,
      })
      if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`)
      ids.push(response.json().id)
    }
    const signatureData = pngDataUrl(scribblePng())
    const baseline: number[] = []
    const signing: number[] = []
    const verifying: number[] = []
    const signatures: string[] = []
    for (const [index, documentId] of ids.entries()) {
      baseline.push(await timed(async () => (await PDFDocument.load(pdf)).save()))
      let signatureId = ''
      const signMs = await timed(async () => {
        const response = await request({
          method: 'POST',
          url: '/api/documents/sign',
          payload: { documentId, signatureType: 'drawn', signatureData },
        })
        if (response.statusCode !== 200) throw new Error(`sign: ${response.statusCode} ${response.body}`)
        signatureId = response.json().signatureId
      })
      // The first two warm the code paths (and make the certificate); they are not counted.
      if (index >= 2) signing.push(signMs)
      signatures.push(signatureId)
    }
    for (const [index, signatureId] of signatures.entries()) {
      const verifyMs = await timed(async () => {
        const response = await request({ method: 'GET', url: `/api/esigning/verify/${signatureId}` })
        if (!response.json().isValid) throw new Error(`verify: ${response.body}`)
      })
      if (index >= 2) verifying.push(verifyMs)
    }
    const base = percentile(baseline.slice(2), 0.5)
    const line = (label: string, values: number[], target: number) => {
      const p50 = percentile(values, 0.5)
      console.log(
        `  ${label}: p50 ${p50.toFixed(0)} ms, p99 ${percentile(values, 0.99).toFixed(0)} ms, ${(p50 / base).toFixed(1)}× the bare pdf-lib load+save (p50 ${base.toFixed(1)} ms) — target p50 < ${target} ms`,
      )
    }
    console.log(`esigning: a 10-page PDF (${(pdf.length / 1024).toFixed(0)} KB), ${RUNS} runs`)
    line('POST /api/documents/sign (place, certificate page, seal, store, record)', signing, 500)
    line('GET /api/esigning/verify/{id} (hashes recomputed, seal checked)', verifying, 100)
  } finally {
    await app.close()
    await bench.database.close()
  }
}
