// The owner dashboard (issue #16) over 10,000 agencies, 50,000 users, 1,000,000 applications and
// 5,000,000 page views (BENCH_OWNER_SCALE=0.1 for a tenth of each):
// 1. GET /api/owner/dashboard, p99 alone (target < 300 ms on PostgreSQL) and at 4 connections;
// 2. recording a page view against GET /api/auth/user in the same run, interleaved (target ≤ 1.2×).
import autocannon from 'autocannon'
import { startBenchChild } from './child.ts'

interface OwnerServer {
  url: string
  cookie: string
  database: string
  size: Record<string, number>
  timings: Record<string, number>
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)

async function measure(options: autocannon.Options) {
  const result = await autocannon({ duration: SECONDS, ...options })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    rps: result.requests.average,
  }
}

const line = (label: string, r: { p50: number; p99: number; rps: number }, extra = '') =>
  console.log(`  ${label.padEnd(52)} p50 ${r.p50} ms  p99 ${r.p99} ms  ${r.rps.toFixed(0)} req/s${extra}`)

export async function benchOwner(): Promise<void> {
  const { child, info } = await startBenchChild<OwnerServer>('bench/owner-server.ts')
  try {
    const sizes = Object.entries(info.size).map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
    const filled = Object.entries(info.timings).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
    console.log(`\nowner dashboard: ${sizes.join(', ')}, ${info.database}; filled in ${filled.join(', ')}`)
    const dashboard = { url: `${info.url}/api/owner/dashboard`, headers: { cookie: info.cookie } }
    await measure({ ...dashboard, connections: 1, duration: 1 })
    const alone = await measure({ ...dashboard, connections: 1 })
    line(
      'GET /api/owner/dashboard 1 conn',
      alone,
      `  (${alone.p99 < 300 ? 'meets' : 'ABOVE'} target p99 < 300 ms)`,
    )
    line('GET /api/owner/dashboard 4 conn', await measure({ ...dashboard, connections: 4 }))

    const user = { url: `${info.url}/api/auth/user`, headers: { cookie: info.cookie } }
    const view = {
      url: `${info.url}/api/analytics/page-views`,
      method: 'POST' as const,
      headers: { cookie: info.cookie, origin: info.url, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/clients', device: 'desktop' }),
    }
    let userMean = 0
    let viewMean = 0
    for (let round = 0; round < 3; round += 1) {
      const read = await measure({ ...user, connections: 1 })
      const write = await measure({ ...view, connections: 1 })
      userMean += read.mean / 3
      viewMean += write.mean / 3
      line(`round ${round + 1}: GET /api/auth/user 1 conn`, read)
      line(`round ${round + 1}: POST /api/analytics/page-views 1 conn`, write)
    }
    const ratio = viewMean / userMean
    console.log(
      `  page view mean ${viewMean.toFixed(2)} ms vs auth/user ${userMean.toFixed(2)} ms: ×${ratio.toFixed(2)} (${ratio <= 1.2 ? 'meets' : 'ABOVE'} target ≤ 1.2×)`,
    )
  } finally {
    child.kill('SIGTERM')
  }
}
