// Throughput of GET /api/auth/user and GET /api/notifications/unread-count against a bare
// Fastify route running the same SQL, in the same run (issue #28: at least 0.85 of it). Beside
// the ratio of requests per second, the server process's CPU per request on each side and their
// ratio (bare / app), which the shared machine's other load moves less.
import { startBenchChild } from './child.ts'
import { loadWithCpu } from './http-load.ts'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const TARGET = 0.85

interface Servers {
  appUrl: string
  bareUrl: string
  controlUrl: string
  cookie: string
  database: string
}

async function compare(path: string, servers: Servers) {
  const options = { cookie: servers.cookie, connections: CONNECTIONS, seconds: SECONDS }
  const run = (url: string, seconds = SECONDS) =>
    loadWithCpu(servers.controlUrl, url + path, { ...options, seconds })
  await run(servers.bareUrl, 1)
  await run(servers.appUrl, 1)
  const sum = { app: { rps: 0, cpu: 0 }, bare: { rps: 0, cpu: 0 } }
  // Interleaved rounds, so a noisy moment lands on both sides.
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of ['bare', 'app'] as const) {
      const result = await run(side === 'app' ? servers.appUrl : servers.bareUrl)
      sum[side].rps += result.rps
      sum[side].cpu += result.cpuPerRequest
    }
  }
  return { path, ratio: sum.app.rps / sum.bare.rps, cpuRatio: sum.bare.cpu / sum.app.cpu, sum }
}

export async function benchFoundation(): Promise<void> {
  const { child, info: servers } = await startBenchChild<Servers>('bench/foundation-servers.ts')
  try {
    console.log(`foundation: ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s per side, ${servers.database}`)
    for (const path of ['/api/auth/user', '/api/notifications/unread-count']) {
      const { ratio, cpuRatio, sum } = await compare(path, servers)
      const perSide = (side: 'app' | 'bare') =>
        `${(sum[side].rps / ROUNDS).toFixed(0).padStart(6)} req/s ${((sum[side].cpu / ROUNDS) * 1000).toFixed(0).padStart(4)} µs CPU/req`
      console.log(
        `  GET ${path.padEnd(32)} app ${perSide('app')}   bare ${perSide('bare')}   ratio ${ratio.toFixed(2)} (${ratio >= TARGET ? 'meets' : 'BELOW'} target ${TARGET}), CPU ratio ${cpuRatio.toFixed(2)}`,
      )
    }
  } finally {
    child.kill('SIGTERM')
  }
}
