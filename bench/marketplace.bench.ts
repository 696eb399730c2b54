// The agent marketplace (issue #17) over 100,000 reviews, 100,000 practices and 100,000 posts:
// 1. a list with a carrier filter, p99 alone (target < 30 ms) and at 10 connections;
// 2. a search for a common term ('underwriting', in about a quarter of the rows), p99 (target < 50 ms);
// 3. a vote, each one a real change (a first vote or the other way), against GET /api/auth/user
//    in the same run, both alone (target: the vote under 1.5x).
import autocannon from 'autocannon'
import { startBenchChild } from './child.ts'

interface MarketplaceServer {
  url: string
  cookie: string
  perKind: number
  database: string
  carrierId: string
  reviewIds: string[]
  timings: Record<string, number>
  plan: string[]
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)

async function measure(options: autocannon.Options) {
  const result = await autocannon({ duration: SECONDS, ...options })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon's histogram keeps whole milliseconds (1.9 ms counts as 1), too coarse for calls
    // of 1–2 ms; with one connection, requests follow each other, so the time per request is exact.
    mean: 1000 / result.requests.average,
    rps: result.requests.average,
  }
}

const line = (label: string, r: { p50: number; p99: number; rps: number }, extra = '') =>
  console.log(`  ${label.padEnd(62)} p50 ${r.p50} ms  p99 ${r.p99} ms  ${r.rps.toFixed(0)} req/s${extra}`)

async function lists(info: MarketplaceServer) {
  for (const [path, target] of [
    [`/api/marketplace/reviews?carrierId=${info.carrierId}`, 30],
    [`/api/marketplace/best-practices?carrierId=${info.carrierId}`, 30],
    [`/api/marketplace/posts?carrierId=${info.carrierId}`, 30],
    [`/api/marketplace/reviews?carrierId=${info.carrierId}&sort=best`, 30],
    ['/api/marketplace/posts?search=underwriting', 50],
    ['/api/marketplace/reviews?search=underwriting&sort=best', 50],
    ['/api/marketplace/best-practices?search=underwriting+claims', 50],
  ] as const) {
    for (const connections of [1, 10]) {
      const r = await measure({ url: info.url + path, connections, headers: { cookie: info.cookie } })
      const verdict =
        connections === 1 ? `  (${r.p99 < target ? 'meets' : 'ABOVE'} target p99 < ${target} ms)` : ''
      line(`GET ${path.replace(info.carrierId, ':carrier')} ${connections} conn`, r, verdict)
    }
  }
}

/** Every vote changes something: a first vote on an item, or the other way from the last one. */
export function voteRequests(info: Pick<MarketplaceServer, 'url' | 'cookie' | 'reviewIds'>) {
  const last = new Map<string, boolean>()
  let n = 0
  return [
    {
      method: 'POST' as const,
      headers: { cookie: info.cookie, origin: info.url, 'content-type': 'application/json' },
      setupRequest: (request: autocannon.Request) => {
        const id = info.reviewIds[n++ % info.reviewIds.length]!
        const helpful = !(last.get(id) ?? false)
        last.set(id, helpful)
        return { ...request, path: `/api/marketplace/reviews/${id}/vote`, body: JSON.stringify({ helpful }) }
      },
    },
  ]
}

async function votes(info: MarketplaceServer) {
  const user = { url: `${info.url}/api/auth/user`, headers: { cookie: info.cookie } }
  // One generator for every round, so a later round goes on flipping votes rather than repeating
  // round one's (a repeated vote would change nothing and be cheaper).
  const vote = { url: info.url, connections: 1, requests: voteRequests(info) }
  // Both warm up for a second first: the vote path's first requests compile its queries.
  await measure({ ...user, connections: 1, duration: 1 })
  await measure({ ...vote, duration: 1 })
  let userMean = 0
  let voteMean = 0
  // Interleaved, so a noisy moment of a shared machine lands on both.
  for (let round = 0; round < 3; round += 1) {
    const read = await measure({ ...user, connections: 1 })
    const voted = await measure(vote)
    userMean += read.mean / 3
    voteMean += voted.mean / 3
    line(`round ${round + 1}: GET /api/auth/user 1 conn`, read)
    line(`round ${round + 1}: POST /api/marketplace/reviews/:id/vote 1 conn`, voted)
  }
  const ratio = voteMean / userMean
  console.log(
    `  time per request (one connection): vote ${voteMean.toFixed(2)} ms vs auth/user ${userMean.toFixed(2)} ms: ×${ratio.toFixed(2)} (${ratio < 1.5 ? 'meets' : 'ABOVE'} target < 1.5×)`,
  )
}

export async function benchMarketplace(): Promise<void> {
  const { child, info } = await startBenchChild<MarketplaceServer>('bench/marketplace-server.ts')
  try {
    console.log(
      `\nmarketplace: ${info.perKind.toLocaleString('en-US')} reviews, practices and posts each, ${info.database}; filled in ${Object.entries(
        info.timings,
      )
        .map(([kind, ms]) => `${kind} ${(ms / 1000).toFixed(1)} s`)
        .join(', ')}`,
    )
    console.log(
      `  plan: ${info.plan
        .filter((l) => /Scan|Index/.test(l))
        .map((l) => l.trim())
        .join(' | ')}`,
    )
    await lists(info)
    await votes(info)
  } finally {
    child.kill('SIGTERM')
  }
}
