import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

export interface AppProcess {
  /** Where the web process listens (undefined for a worker). */
  url?: string
  child: ChildProcess
  /** Its last log lines, for the message of a failing test. */
  tail(): string
  stop(): Promise<void>
}

const ENTRIES = { web: 'src/server/main.ts', worker: 'src/server/worker.ts' }
const EXIT_WITH_PARENT = fileURLToPath(new URL('./exit-with-parent.ts', import.meta.url))
const START_TIMEOUT_MS = 90_000

/**
 * `tsx src/server/main.ts` (or `worker.ts`) as a process of its own, ready when its log says so:
 * Fastify's "Server listening at" line (its port, as PORT=0 takes a free one), or the worker's.
 */
export async function startAppProcess(
  kind: 'web' | 'worker',
  env: Record<string, string>,
): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', EXIT_WITH_PARENT, ENTRIES[kind]], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const keep = (line: string) => {
    lines.push(line)
    if (lines.length > 40) lines.shift()
  }
  createInterface({ input: child.stderr! }).on('line', keep)
  const exited = once(child, 'exit')
  const ready = new Promise<string | undefined>((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      keep(line)
      const msg = (() => {
        try {
          return String(JSON.parse(line).msg)
        } catch {
          return ''
        }
      })()
      if (kind === 'worker' && msg === 'job worker started') resolve(undefined)
      const listening = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(msg)
      if (kind === 'web' && listening) resolve(listening[1])
    })
  })
  const tail = () => lines.join('\n')
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
  const timeout = new Promise<'timeout'>((resolve) =>
    setTimeout(resolve, START_TIMEOUT_MS, 'timeout').unref(),
  )
  const outcome = await Promise.race([ready, exited.then(() => 'exited' as const), timeout])
  if (outcome === 'exited' || outcome === 'timeout') {
    await stop()
    throw new Error(`${kind} process ${outcome === 'exited' ? 'exited' : 'did not start'}:\n${tail()}`)
  }
  return { url: outcome, child, tail, stop }
}
