import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * A server of a spec's own, on its own port and data directory, that the spec can stop and start
 * again. Between the two the spec may open the embedded database itself (PGlite allows one
 * process at a time), e.g. to change a row as someone with database access would: no test-only
 * route is needed in the product for that.
 */
export interface RestartableServer {
  baseUrl: string
  dataDir: string
  start(): Promise<void>
  stop(): Promise<void>
  /** Stops the server and removes its data. */
  dispose(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output.join('').slice(-3000)}`)
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server did not answer within 90 s:\n${output.join('').slice(-3000)}`)
}

/** `env` adds to (or overrides) the server's environment, e.g. an SMTP sink's URL. */
export async function createRestartableServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const port = await freePort()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-own-'))
  const baseUrl = `http://localhost:${port}`
  let child: ChildProcess | undefined

  const stop = async () => {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null || running.pid === undefined) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    // main.ts closes the database on SIGTERM before it exits.
    process.kill(-running.pid, 'SIGTERM')
    const late = new Promise((resolve) => setTimeout(resolve, 20_000, 'late'))
    if ((await Promise.race([exited, late])) === 'late') process.kill(-running.pid, 'SIGKILL')
  }

  return {
    baseUrl,
    dataDir,
    async start() {
      const output: string[] = []
      // Node itself (not npx): its exit means the database was closed and may be opened by the spec.
      child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          DEMO_DATA: 'false',
          WORKER: 'false',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_PER_MINUTE: '100000',
          AUTH_RATE_LIMIT_PER_MINUTE: '10000',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
      child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
      await waitForHealth(baseUrl, child, output)
    },
    stop,
    async dispose() {
      await stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
