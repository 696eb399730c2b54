// The embedded database under load, as a new agency runs it: `src/server/main.ts` on a fresh
// DATA_DIR with the demo data and the jobs worker, 200 connections reading the dashboard stats,
// the clients, the unread count and the applications (issue #28). Baseline in the same run: the
// same reads from one connection. BENCH_LOAD_SECONDS (60) and BENCH_LOAD_CONNECTIONS (200).
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60)
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200)
const PORT = 5099
const BASE = `http://127.0.0.1:${PORT}`
const PATHS = ['/api/dashboard/stats', '/api/clients', '/api/notifications/unread-count', '/api/applications']

async function startApp(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
  })
  for (let waited = 0; waited < 180_000; waited += 500) {
    const up = await fetch(`${BASE}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    )
    if (up) return child
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  child.kill('SIGKILL')
  throw new Error('the app did not start within 3 minutes')
}

async function load(cookie: string, connections: number, seconds: number) {
  const result = await autocannon({
    url: BASE,
    connections,
    duration: seconds,
    timeout: 10,
    headers: { cookie },
    requests: PATHS.map((p) => ({ method: 'GET', path: p })),
  })
  const codes = result.statusCodeStats ?? {}
  const shed = codes['503']?.count ?? 0
  return {
    served: (codes['200']?.count ?? 0) / seconds,
    shedShare: shed / Math.max(1, result.requests.total),
    otherNon2xx: result.non2xx - shed,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  }
}

export async function benchEmbeddedLoad(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-embedded-'))
  const app = await startApp(path.join(dataDir, 'data'))
  try {
    const login = await fetch(`${BASE}/api/auth/demo-login`, { redirect: 'manual' })
    const cookie = login.headers
      .getSetCookie()
      .map((each) => each.split(';')[0])
      .join('; ')
    await load(cookie, 4, 5)
    const alone = await load(cookie, 1, 10)
    const loaded = await load(cookie, CONNECTIONS, SECONDS)
    console.log(
      `\nembedded database under load (PGlite, demo data, worker on), ${CONNECTIONS} connections for ${SECONDS} s:`,
    )
    console.log(
      `  one connection:   ${alone.served.toFixed(0)} req/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms`,
    )
    console.log(
      `  ${CONNECTIONS} connections: ${loaded.served.toFixed(0)} answered req/s (x${(loaded.served / alone.served).toFixed(2)} of one connection), ` +
        `${(loaded.shedShare * 100).toFixed(1)}% refused busy (503, Retry-After), p50 ${loaded.p50} ms, p99 ${loaded.p99} ms, max ${loaded.max} ms`,
    )
    console.log(
      `  errors ${loaded.errors}, timeouts (10 s) ${loaded.timeouts}, other non-2xx ${loaded.otherNon2xx}  (target: 0, 0, p99 < 1000 ms)`,
    )
  } finally {
    app.kill('SIGTERM')
    await new Promise((resolve) => app.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
}
