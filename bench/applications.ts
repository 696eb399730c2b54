// Dashboard stats and the applications list for an agency with 20,000 applications among
// 1,000,000 (PostgreSQL; a tenth of that on PGlite): p50/p99 and requests per second at 50
// connections, against a bare Fastify route: the same service for the stats, the one bare query
// for the list (applications-bare.ts), so extra queries the list grows show in its ratio.
import autocannon from 'autocannon'
import { startBenchChild } from './child.ts'

interface Servers {
  appUrl: string
  bareUrl: string
  cookie: string
  database: string
  applications: number
  agencies: number
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)

async function measure(url: string, cookie: string, connections: number) {
  const result = await autocannon({ url, connections, duration: SECONDS, headers: { cookie } })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }
}

export async function benchApplications(): Promise<void> {
  const { child, info } = await startBenchChild<Servers>('bench/applications-server.ts')
  try {
    console.log(
      `\napplications: ${info.applications.toLocaleString('en-US')} applications over ${info.agencies} agencies, measured agency 20,000, ${info.database}`,
    )
    for (const [path, target] of [
      ['/api/dashboard/stats', 20],
      ['/api/applications?limit=50', 30],
    ] as const) {
      const alone = await measure(info.appUrl + path, info.cookie, 1)
      const bare = await measure(info.bareUrl + path.split('?')[0]!, info.cookie, 50)
      const loaded = await measure(info.appUrl + path, info.cookie, 50)
      const verdict = alone.p99 < target ? 'meets' : 'ABOVE'
      console.log(
        `  GET ${path.padEnd(28)} alone p50 ${alone.p50} ms p99 ${alone.p99} ms (${verdict} target ${target} ms) | 50 conn ${loaded.rps.toFixed(0)} req/s, bare ${bare.rps.toFixed(0)} req/s, ratio ${(loaded.rps / bare.rps).toFixed(2)}`,
      )
    }
  } finally {
    child.kill('SIGTERM')
  }
}
