// Client import: a 10,000-row CSV and XLSX and a 100,000-row CSV uploaded through the real app
// (multipart over HTTP, streamed from disk as a browser sends it). Figures: rows/s, the server's
// peak memory growth, and the ratio to a plain COPY of the same rows into the same table in the
// same run. Targets: at least 20,000 rows/s on PostgreSQL, under 200 MB for 100,000 rows.
import { once } from 'node:events'
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { startBenchChild } from './child.ts'

const SMALL = 10_000
const LARGE = 100_000
const TARGET_ROWS_PER_SECOND = 20_000
const TARGET_PEAK_MB = 200

export const FULL_HEADER = [
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Date of Birth',
  'Address',
  'City',
  'State',
  'Zip Code',
  'Insurance Type',
  'Notes',
]
const SHORT_HEADER = ['First Name', 'Last Name', 'Email', 'Phone', 'City', 'State', 'Zip Code']

/** Fictional clients: every template column for 10,000 rows; required plus city, state, zip for 100,000 (the 10 MB cap). */
export function clientRow(i: number, full: boolean): (string | number)[] {
  const required = [`First${i}`, `Last${i}`, `Client${i}@Bench.Example`, `555${String(i).padStart(7, '0')}`]
  if (!full) return [...required, 'Springfield', 'IL', '62701']
  const birth = `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`
  return [...required, birth, `${i} Main Street`, 'Springfield', 'IL', '62701', 'auto', '']
}

async function writeCsv(dir: string, rows: number, full: boolean): Promise<string> {
  const file = path.join(dir, `clients-${rows}.csv`)
  const out = createWriteStream(file)
  out.write(`${(full ? FULL_HEADER : SHORT_HEADER).join(',')}\r\n`)
  for (let i = 0; i < rows; i++) {
    if (!out.write(`${clientRow(i, full).join(',')}\r\n`)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
  return file
}

/** Streamed to disk by exceljs's writer; phones as numbers and birth dates as Excel serials, as real sheets have. */
async function writeXlsx(dir: string, rows: number): Promise<string> {
  const file = path.join(dir, `clients-${rows}.xlsx`)
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true })
  const sheet = book.addWorksheet('Clients')
  sheet.addRow(FULL_HEADER).commit()
  for (let i = 0; i < rows; i++) {
    const row = clientRow(i, true)
    const [year, month, day] = String(row[4]).split('-').map(Number)
    row[3] = Number(row[3])
    row[4] = Date.UTC(year!, month! - 1, day!) / 86_400_000 + 25_569
    sheet.addRow(row).commit()
  }
  sheet.commit()
  await book.commit()
  return file
}

export interface ImportServer {
  url: string
  controlUrl: string
  database: string
}

export async function signUp(server: ImportServer) {
  const response = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Mark',
      email: `import-${Date.now()}-${Math.random().toString(16).slice(2)}@bench.example`,
      password: 'bench password',
    }),
  })
  const { user } = (await response.json()) as { user: { id: string; agencyId: string } }
  return {
    cookie: response.headers.get('set-cookie')!.split(';')[0]!,
    agencyId: user.agencyId,
    userId: user.id,
  }
}

export async function upload(
  server: ImportServer,
  cookie: string,
  file: string,
  route = '/api/clients/import',
) {
  const boundary = `bench${Date.now()}`
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    )
    yield* createReadStream(file)
    yield Buffer.from(`\r\n--${boundary}--\r\n`)
  }
  await fetch(`${server.controlUrl}/mark`, { method: 'POST' })
  const started = performance.now()
  const response = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { origin: server.url, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: body() as unknown as BodyInit,
    duplex: 'half',
  } as RequestInit)
  const result = (await response.json()) as { successCount?: number; message?: string }
  const ms = performance.now() - started
  const peak = (await (await fetch(`${server.controlUrl}/peak`)).json()) as { rss: number; heap: number }
  return { status: response.status, result, ms, peak }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
const perSecond = (rows: number, ms: number) => Math.round((rows / ms) * 1000)

/** 10,000-row files are imported this many times each (a fresh agency each time), the COPY too. */
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3)

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function benchClientImport(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-files-'))
  const { child, info } = await startBenchChild<ImportServer>('bench/client-import-server.ts')
  try {
    const small = await writeCsv(dir, SMALL, true)
    const smallRuns = [
      { label: 'csv', file: small },
      { label: 'xlsx', file: await writeXlsx(dir, SMALL) },
    ]
    const large = await writeCsv(dir, LARGE, false)
    console.log(
      `\nclient import: through POST /api/clients/import over HTTP, ${info.database}; 10,000-row files ${RUNS} times each, interleaved with the COPY`,
    )
    const report = (label: string, file: string, rows: number, run: Awaited<ReturnType<typeof upload>>) => {
      const outcome =
        run.status === 200
          ? `${run.result.successCount} imported`
          : `HTTP ${run.status} ${run.result.message}`
      const target =
        rows === LARGE
          ? ` (${run.peak.rss < TARGET_PEAK_MB * 1024 * 1024 ? 'meets' : 'ABOVE'} target < ${TARGET_PEAK_MB} MB${info.database === 'pglite' ? '; RSS includes the embedded database' : ''})`
          : ''
      console.log(
        `  ${label.padEnd(4)} ${rows.toLocaleString('en-US').padStart(7)} rows ${mb(statSync(file).size).padStart(5)}  ${(run.ms / 1000).toFixed(2).padStart(6)} s  ${String(perSecond(rows, run.ms)).padStart(6)} rows/s  ${outcome}  peak RSS +${mb(run.peak.rss)}, JS heap +${mb(run.peak.heap)}${target}`,
      )
    }
    const rates: Record<string, number[]> = { csv: [], xlsx: [], COPY: [] }
    for (let i = 0; i < RUNS; i++) {
      for (const { label, file } of smallRuns) {
        const { cookie } = await signUp(info)
        const run = await upload(info, cookie, file)
        rates[label]!.push(perSecond(SMALL, run.ms))
        report(label, file, SMALL, run)
      }
      const owner = await signUp(info)
      const copied = await fetch(`${info.controlUrl}/copy`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ file: small, agencyId: owner.agencyId, userId: owner.userId }),
      })
      const { ms } = (await copied.json()) as { ms: number }
      rates.COPY!.push(perSecond(SMALL, ms))
      console.log(
        `  COPY ${SMALL.toLocaleString('en-US').padStart(7)} rows        ${(ms / 1000).toFixed(2).padStart(6)} s  ${String(perSecond(SMALL, ms)).padStart(6)} rows/s  (COPY FROM STDIN of the same rows into clients)`,
      )
    }
    const { cookie } = await signUp(info)
    report('csv', large, LARGE, await upload(info, cookie, large))
    const copyRate = median(rates.COPY!)
    for (const label of ['csv', 'xlsx']) {
      const rate = median(rates[label]!)
      const verdict =
        info.database === 'postgres'
          ? `  (${rate >= TARGET_ROWS_PER_SECOND ? 'meets' : 'BELOW'} target ${TARGET_ROWS_PER_SECOND.toLocaleString('en-US')} rows/s)`
          : ''
      console.log(
        `  median ${label.padEnd(4)} ${String(rate).padStart(6)} rows/s, import/COPY ${(rate / copyRate).toFixed(2)} (COPY median ${copyRate} rows/s)${verdict}`,
      )
    }
  } finally {
    child.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
}
