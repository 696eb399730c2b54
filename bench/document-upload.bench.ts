// Document upload: ten 10 MB PDFs sent at once to POST /api/documents/upload of a started app on
// disk storage (multipart over HTTP, generated a chunk at a time as a browser streams a file).
// Figures: MB/s and the server's peak RSS growth (target under 50 MB: the upload streams, holding
// at most 64 KB per file to judge its type). Baselines in the same run: one 10 MB upload alone, and
// the same forms sent to a bare route of the same process that parses the multipart body and drops
// the file (what HTTP and the parser cost before any of our work: session, type, storage, row).
import { randomBytes } from 'node:crypto'
import { startBenchChild } from './child.ts'

const MB = 1024 * 1024
/** additional_docs takes up to 10 MB: the largest file any document type allows. */
const SIZE = 10 * MB
const FILES = 10
const TARGET_PEAK_MB = 50
const RUNS = Number(process.env.BENCH_DOCUMENT_RUNS ?? 3)

interface UploadServer {
  url: string
  controlUrl: string
  cookie: string
  database: string
}

/** The form the Required Docs page sends, its file made as it is sent: the client never holds it whole. */
async function* uploadForm(boundary: string, chunk: Buffer): AsyncGenerator<Buffer> {
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\nadditional_docs\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  )
  const magic = Buffer.from('%PDF-1.7\n')
  yield magic
  for (let left = SIZE - magic.length; left > 0; left -= chunk.length)
    yield chunk.subarray(0, Math.min(left, chunk.length))
  yield Buffer.from(`\r\n--${boundary}--\r\n`)
}

type Target = 'upload' | 'drain'

async function uploadOne(
  server: UploadServer,
  target: Target,
  chunk: Buffer,
): Promise<{ status: number; fileSize?: number; message?: string }> {
  const boundary = `bench${randomBytes(8).toString('hex')}`
  const url = target === 'upload' ? `${server.url}/api/documents/upload` : `${server.controlUrl}/drain`
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      origin: server.url,
      cookie: server.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: uploadForm(boundary, chunk) as unknown as BodyInit,
    duplex: 'half',
  } as RequestInit)
  return { status: response.status, ...((await response.json()) as { fileSize?: number; message?: string }) }
}

/** `count` uploads at once: the wall time, the server's peak growth, and any upload that failed. */
async function uploadAtOnce(server: UploadServer, target: Target, count: number) {
  const chunks = Array.from({ length: count }, () => randomBytes(64 * 1024))
  await fetch(`${server.controlUrl}/mark`, { method: 'POST' })
  const started = performance.now()
  const results = await Promise.all(chunks.map((chunk) => uploadOne(server, target, chunk)))
  const ms = performance.now() - started
  const peak = (await (await fetch(`${server.controlUrl}/peak`)).json()) as {
    rss: number
    heap: number
    sinceStart: number
  }
  const ok = target === 'upload' ? 201 : 200
  const failed = results.filter((result) => result.status !== ok || result.fileSize !== SIZE)
  return { ms, mbPerSecond: (count * SIZE) / MB / (ms / 1000), peak, failed }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`

export async function benchDocumentUpload(): Promise<void> {
  const { child, info } = await startBenchChild<UploadServer>('bench/document-upload-server.ts')
  try {
    console.log(
      `\ndocument upload: POST /api/documents/upload over HTTP, disk storage, ${info.database}; 10 MB PDFs, ${RUNS} runs; ×drain = ratio to the bare parse-and-drop route`,
    )
    // Untimed: first-use costs (the routes, the storage folders, JIT) are not throughput.
    await uploadAtOnce(info, 'upload', 1)
    await uploadAtOnce(info, 'drain', 1)
    const rates: Record<string, number[]> = {}
    const peaks: number[] = []
    const cases = [
      { label: `${FILES} at once`, count: FILES },
      { label: 'one alone', count: 1 },
    ]
    for (let i = 0; i < RUNS; i++) {
      for (const { label, count } of cases) {
        for (const target of ['upload', 'drain'] as const) {
          const run = await uploadAtOnce(info, target, count)
          rates[`${label} ${target}`] = [...(rates[`${label} ${target}`] ?? []), run.mbPerSecond]
          if (target === 'upload' && count === FILES) peaks.push(run.peak.rss)
          const outcome =
            run.failed.length === 0
              ? 'all stored'
              : `${run.failed.length} FAILED: ${JSON.stringify(run.failed[0])}`
          console.log(
            `  ${label.padEnd(11)} ${target.padEnd(6)} ${String(count * 10).padStart(4)} MB  ${(run.ms / 1000).toFixed(2).padStart(6)} s  ${run.mbPerSecond.toFixed(0).padStart(5)} MB/s  peak RSS +${mb(run.peak.rss)}, JS heap +${mb(run.peak.heap)}  ${target === 'upload' ? outcome : ''}`,
          )
        }
      }
    }
    for (const { label } of cases) {
      const upload = median(rates[`${label} upload`]!)
      const drain = median(rates[`${label} drain`]!)
      console.log(
        `  median ${label.padEnd(11)} ${upload.toFixed(0).padStart(5)} MB/s  ×drain ${(upload / drain).toFixed(2)} (drain ${drain.toFixed(0)} MB/s)`,
      )
    }
    const peak = Math.max(...peaks)
    const { sinceStart } = (await (await fetch(`${info.controlUrl}/peak`)).json()) as { sinceStart: number }
    const rssNote = info.database === 'pglite' ? '; RSS includes the embedded database' : ''
    console.log(
      `  ${FILES} at once / one alone: ${(median(rates[`${FILES} at once upload`]!) / median(rates['one alone upload']!)).toFixed(2)}× the MB/s; highest peak RSS growth with ${FILES} at once +${mb(peak)} (${peak < TARGET_PEAK_MB * MB ? 'meets' : 'ABOVE'} target < ${TARGET_PEAK_MB} MB${rssNote}); the server's RSS grew +${mb(sinceStart)} over the whole bench since start-up`,
    )
  } finally {
    child.kill('SIGTERM')
  }
}
