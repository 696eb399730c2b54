// Throughput of GET /api/auth/user and GET /api/notifications/unread-count against a bare
// Fastify route running the same SQL, in the same run.
import autocannon from 'autocannon'
import { startBenchChild } from './child.ts'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

interface Servers {
  appUrl: string
  bareUrl: string
  cookie: string
  database: string
}

async function requestsPerSecond(url: string, cookie: string, seconds = SECONDS): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie } })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`)
  }
  return result.requests.average
}

async function compare(path: string, servers: Servers) {
  await requestsPerSecond(servers.bareUrl + path, servers.cookie, 1)
  await requestsPerSecond(servers.appUrl + path, servers.cookie, 1)
  let app = 0
  let bare = 0
  // Interleaved rounds, so a noisy moment lands on both sides.
  for (let round = 0; round < ROUNDS; round++) {
    bare += await requestsPerSecond(servers.bareUrl + path, servers.cookie)
    app += await requestsPerSecond(servers.appUrl + path, servers.cookie)
  }
  return { path, app: app / ROUNDS, bare: bare / ROUNDS, ratio: app / bare }
}

export async function benchFoundation(): Promise<void> {
  const { child, info: servers } = await startBenchChild<Servers>('bench/foundation-servers.ts')
  try {
    console.log(`foundation: ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s per side, ${servers.database}`)
    for (const path of ['/api/auth/user', '/api/notifications/unread-count']) {
      const r = await compare(path, servers)
      const verdict = r.ratio >= 0.7 ? 'meets' : 'BELOW'
      console.log(
        `  GET ${r.path.padEnd(32)} app ${r.app.toFixed(0).padStart(6)} req/s   bare ${r.bare.toFixed(0).padStart(6)} req/s   ratio ${r.ratio.toFixed(2)} (${verdict} target 0.70)`,
      )
    }
  } finally {
    child.kill('SIGTERM')
  }
}
