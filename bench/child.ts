import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

/** Starts a bench server script in its own process and answers the JSON line it prints when ready. */
export async function startBenchChild<T>(script: string): Promise<{ child: ChildProcess; info: T }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  })
  const lines = createInterface({ input: child.stdout! })
  for await (const line of lines) {
    if (line.startsWith('{')) return { child, info: JSON.parse(line) as T }
  }
  throw new Error(`${script} did not start`)
}
