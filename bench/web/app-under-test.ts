import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface AppUnderTest {
  label: string
  /** The checkout it runs from (for its build's manifest). */
  root: string
  url: string
  cookie: string
  stop(): Promise<void>
}

/** A checkout of `ref` beside this one, sharing node_modules, for a before-and-after run. */
export function checkoutOf(ref: string): { root: string; remove(): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'bench-web-baseline-'))
  execFileSync('git', ['worktree', 'add', '--detach', root, ref], { stdio: 'ignore' })
  symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'))
  return {
    root,
    remove() {
      execFileSync('git', ['worktree', 'remove', '--force', root], { stdio: 'ignore' })
    },
  }
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`)
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer within 2 minutes`)
}

/**
 * Builds the web app of `root` (unless told not to), starts it on a fresh data directory with the
 * demo agency, and signs in as the demo user, as a new user would with the README's command.
 */
export async function startApp(
  label: string,
  root: string,
  port: number,
  build: boolean,
): Promise<AppUnderTest> {
  // --manifest: an older checkout's build has none, and the first-load size is read from it.
  if (build) execFileSync('npx', ['vite', 'build', '--manifest'], { cwd: root, stdio: 'ignore' })
  if (!existsSync(path.join(root, 'dist/web/index.html'))) throw new Error(`${root} has no web build`)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-data-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  })
  const url = `http://localhost:${port}`
  await waitForHealth(url, child)
  const login = await fetch(`${url}/api/auth/demo-login`, { redirect: 'manual' })
  const cookie = login.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error(`${label}: the demo sign-in answered ${login.status} without a session`)
  return {
    label,
    root,
    url,
    cookie,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
