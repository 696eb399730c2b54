import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer as createHttpServer } from 'node:http'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startSmtpSink } from '#test/smtp-sink.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The server's DATA_DIR: a journey may tamper with a stored file, as an attacker on disk would. */
    dataDir: string
    /** GET it for the messages the SMTP sink received so far (JSON), to open a mailed link. */
    mailSinkUrl: string
  }
}

const STARTUP_TIMEOUT_MS = 90_000

/** Starts the real server once for the whole run, on a free port with a fresh data directory. */
export default async function startServer(project: TestProject) {
  buildWebIfMissing()
  const port = await findFreePort()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-data-'))
  const baseUrl = `http://localhost:${port}`
  // Mail goes to a local SMTP sink, and carrier endpoints may be loopback fake carriers.
  const sink = await startSmtpSink()
  // The journeys run in other processes: they read the sink's messages over loopback.
  const mailbox = createHttpServer((_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(sink.messages))
  })
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve))
  const mailboxPort = (mailbox.address() as AddressInfo).port
  const output: string[] = []
  const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      WORKER: 'true',
      LOG_LEVEL: 'warn',
      // Every journey signs up from 127.0.0.1; the limits themselves are covered by API tests.
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      SMTP_URL: sink.url,
      CARRIER_ENDPOINT_ALLOWLIST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so teardown reaches tsx and node behind npx.
    detached: true,
  })
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))

  try {
    await waitForHealth(baseUrl, server)
  } catch (error) {
    await stopServer(server)
    await sink.close()
    mailbox.close()
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.join('').slice(-4000)}`)
  }
  project.provide('baseUrl', baseUrl)
  project.provide('dataDir', dataDir)
  project.provide('mailSinkUrl', `http://127.0.0.1:${mailboxPort}/`)

  return async () => {
    await stopServer(server)
    await sink.close()
    mailbox.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** `npm test` builds first; a bare `vitest run --project e2e` builds only when nothing was built. */
function buildWebIfMissing(): void {
  if (existsSync('dist/web/index.html')) return
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error('vite build failed')
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with code ${server.exitCode} before answering`)
    try {
      const response = await fetch(`${baseUrl}/api/health`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`GET ${baseUrl}/api/health did not answer within ${STARTUP_TIMEOUT_MS / 1000} s`)
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  process.kill(-server.pid, 'SIGTERM')
  const timeout = new Promise((resolve) => setTimeout(resolve, 10_000, 'timeout'))
  if ((await Promise.race([exited, timeout])) === 'timeout') process.kill(-server.pid, 'SIGKILL')
}
