import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

// The real server process (`src/server/main.ts`) on the embedded database, for tests that need the
// whole start: migrations, keys read from DATA_DIR, the job worker, graceful shutdown.

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface RunningServer {
  child: ChildProcess
  output: () => string
  base: string
  exited: Promise<number | null>
}

/** Starts the server on DATA_DIR and answers once /api/health does. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort()
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      WORKER: 'true',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const base = `http://127.0.0.1:${port}`
  // Compiling the server with tsx takes seconds, and tens of them on a machine under load.
  const deadline = Date.now() + 40_000
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { child, output: () => output, base, exited }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not start:\n${output}`)
}
