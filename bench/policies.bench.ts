// The policies list for an agency of 100,000 policies among 1,000,000 (PostgreSQL; a tenth on
// PGlite), issue #30: the first page and the expiring-within-60-days filter, p99 under 30 ms on
// PostgreSQL with one connection; at 50 connections against a bare route calling the same use case.
import autocannon from 'autocannon'
import { startBenchChild } from './child.ts'

interface Servers {
  appUrl: string
  bareUrl: string
  cookie: string
  database: string
  policies: number
  measured: number
  agencies: number
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const TARGET_MS = 30

async function measure(url: string, cookie: string, connections: number) {
  const result = await autocannon({ url, connections, duration: SECONDS, headers: { cookie } })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }
}

export async function benchPolicies(): Promise<void> {
  const { child, info } = await startBenchChild<Servers>('bench/policies-server.ts')
  try {
    console.log(
      `\npolicies: ${info.policies.toLocaleString('en-US')} policies over ${info.agencies} agencies, measured agency ${info.measured.toLocaleString('en-US')}, ${info.database}`,
    )
    // The page opens on the active policies (status=active); the dashboard's links add the expiry.
    for (const query of ['limit=50', 'status=active&limit=50', 'limit=50&expiringWithinDays=60']) {
      const path = `/api/policies?${query}`
      const alone = await measure(info.appUrl + path, info.cookie, 1)
      const bare = await measure(info.bareUrl + path, info.cookie, 50)
      const loaded = await measure(info.appUrl + path, info.cookie, 50)
      const verdict = alone.p99 < TARGET_MS ? 'meets' : 'ABOVE'
      console.log(
        `  GET ${path.padEnd(44)} alone p50 ${alone.p50} ms p99 ${alone.p99} ms (${verdict} target ${TARGET_MS} ms) | 50 conn ${loaded.rps.toFixed(0)} req/s, bare ${bare.rps.toFixed(0)} req/s, ratio ${(loaded.rps / bare.rps).toFixed(2)}`,
      )
    }
  } finally {
    child.kill('SIGTERM')
  }
}
