// The renewals pipeline (issue #31): the daily job over every policy (1,000,000 on PostgreSQL, a
// tenth on PGlite) under 30 s with no batch's transaction over 1 s, and the list for an agency of
// 100,000 policies (about 30,000 in the pipeline), p99 under 50 ms on PostgreSQL with one
// connection; at 50 connections against a bare route calling the same use case.
import autocannon from 'autocannon'
import { startBenchChild } from './child.ts'

interface Servers {
  appUrl: string
  bareUrl: string
  cookie: string
  database: string
  policies: number
  agencies: number
  measuredRenewals: number
  job: { created: number; again: number; ms: number; batches: number; longestBatchMs: number }
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const LIST_TARGET_MS = 50
const JOB_TARGET_MS = 30_000
const BATCH_TARGET_MS = 1000

async function measure(url: string, cookie: string, connections: number) {
  const result = await autocannon({ url, connections, duration: SECONDS, headers: { cookie } })
  // Admission control may answer 503 to a burst past what the database keeps up with: counted, not fatal.
  const shed = result.statusCodeStats?.['503' as keyof typeof result.statusCodeStats]?.count ?? 0
  if (result.non2xx > shed || result.errors > 0)
    throw new Error(
      `${url}: ${result.non2xx} non-2xx (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors`,
    )
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, shed }
}

const verdict = (value: number, target: number) => (value < target ? 'meets' : 'ABOVE')

export async function benchRenewals(): Promise<void> {
  const { child, info } = await startBenchChild<Servers>('bench/renewals-server.ts')
  try {
    const { job } = info
    console.log(
      `\nrenewals: ${info.policies.toLocaleString('en-US')} policies over ${info.agencies} agencies, ${info.database}`,
    )
    console.log(
      `  daily job: ${job.created.toLocaleString('en-US')} renewals in ${(job.ms / 1000).toFixed(1)} s (${verdict(job.ms, JOB_TARGET_MS)} target 30 s), ${job.batches} batches, longest ${job.longestBatchMs.toFixed(0)} ms (${verdict(job.longestBatchMs, BATCH_TARGET_MS)} target 1 s); run again: ${job.again} created`,
    )
    console.log(`  measured agency: ${info.measuredRenewals.toLocaleString('en-US')} renewals`)
    const soon = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10)
    for (const query of ['limit=50', 'stage=upcoming&limit=50', `dueBefore=${soon}&limit=50`]) {
      const path = `/api/renewals?${query}`
      const alone = await measure(info.appUrl + path, info.cookie, 1)
      const bare = await measure(info.bareUrl + path, info.cookie, 50)
      const loaded = await measure(info.appUrl + path, info.cookie, 50)
      console.log(
        `  GET ${path.padEnd(40)} alone p50 ${alone.p50} ms p99 ${alone.p99} ms (${verdict(alone.p99, LIST_TARGET_MS)} target ${LIST_TARGET_MS} ms) | 50 conn ${loaded.rps.toFixed(0)} req/s, bare ${bare.rps.toFixed(0)} req/s, ratio ${(loaded.rps / bare.rps).toFixed(2)}${loaded.shed ? `, ${loaded.shed} shed (503)` : ''}`,
      )
    }
  } finally {
    child.kill('SIGTERM')
  }
}
