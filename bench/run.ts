// npm run bench: throughput of the app against a same-run baseline. Machines here are noisy, so
// the figure is a ratio measured in one run, never an absolute time.
import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

interface Servers {
  appUrl: string
  bareUrl: string
  cookie: string
  database: string
}

async function startServers(): Promise<{ child: ChildProcess; servers: Servers }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/foundation-servers.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  })
  const lines = createInterface({ input: child.stdout! })
  for await (const line of lines) {
    if (line.startsWith('{')) return { child, servers: JSON.parse(line) as Servers }
  }
  throw new Error('the bench servers did not start')
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

const { child, servers } = await startServers()
try {
  console.log(
    `foundation bench: ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s per side, ${servers.database}`,
  )
  for (const path of ['/api/auth/user', '/api/notifications/unread-count']) {
    const r = await compare(path, servers)
    const verdict = r.ratio >= 0.7 ? 'meets' : 'BELOW'
    console.log(
      `GET ${r.path.padEnd(32)} app ${r.app.toFixed(0).padStart(6)} req/s   bare ${r.bare.toFixed(0).padStart(6)} req/s   ratio ${r.ratio.toFixed(2)} (${verdict} target 0.70)`,
    )
  }
} finally {
  child.kill('SIGTERM')
}
