// Quote comparison of an application with 20 quotes (issue #30): GET /api/applications/:id/quotes
// with one connection, p99 under 20 ms, beside GET /api/auth/user in the same run (the ratio moves
// less with the machine's load than the figure); then the comparison's PDF, for its cost.
import autocannon from 'autocannon'
import { startBenchChild } from './child.ts'

interface Server {
  appUrl: string
  cookie: string
  applicationId: string
  quotes: number
  database: string
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const TARGET_MS = 20

async function measure(url: string, cookie: string) {
  const result = await autocannon({ url, connections: 1, duration: SECONDS, headers: { cookie } })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }
}

export async function benchQuotes(): Promise<void> {
  const { child, info } = await startBenchChild<Server>('bench/quotes-server.ts')
  try {
    console.log(`\nquotes: one application with ${info.quotes} quotes, ${info.database}`)
    const baseline = await measure(`${info.appUrl}/api/auth/user`, info.cookie)
    const compared = await measure(
      `${info.appUrl}/api/applications/${info.applicationId}/quotes?sort=premium`,
      info.cookie,
    )
    const pdf = await measure(
      `${info.appUrl}/api/applications/${info.applicationId}/quotes/comparison.pdf`,
      info.cookie,
    )
    const verdict = compared.p99 < TARGET_MS ? 'meets' : 'ABOVE'
    console.log(
      `  quote comparison of an application with ${info.quotes} quotes: p50 ${compared.p50} ms p99 ${compared.p99} ms (${verdict} target ${TARGET_MS} ms), ${compared.rps.toFixed(0)} req/s; GET /api/auth/user p99 ${baseline.p99} ms, ratio ${(compared.p99 / Math.max(baseline.p99, 1)).toFixed(1)}`,
    )
    console.log(
      `  its PDF (${info.quotes} quotes, 5 pages): p50 ${pdf.p50} ms p99 ${pdf.p99} ms, ${pdf.rps.toFixed(0)} req/s (no target)`,
    )
  } finally {
    child.kill('SIGTERM')
  }
}
