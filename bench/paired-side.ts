// One side of a paired A/B (bench/paired.ts): a bench server script started from a checkout of
// its own (its own src, so its own code) on a PostgreSQL database of its own, created empty for
// the run. Its CPU is read from outside, in /proc, so the script needs no control route and an
// old checkout runs unchanged: the Node process (every thread) and the database's backends.
import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import pg from 'pg'

export interface Side<T> {
  label: string
  info: T
  child: ChildProcess
  database: string
  /**
   * CPU so far in ns: the Node process's, and each backend's now serving its database, by pid.
   * The pool closes idle connections, so compare backends by pid (postgresNs): one that closed
   * in between took its whole past with it.
   */
  cpu(): Promise<{ node: number; postgres: Map<number, number> }>
  stop(): Promise<void>
}

const SERVER = process.env.BENCH_PAIRED_SERVER ?? 'postgres://postgres@127.0.0.1:5432'

/** First field of schedstat: time on the CPU, in ns (exact, unlike stat's ticks). */
function runNs(path: string): number {
  try {
    return Number(readFileSync(path, 'utf8').split(' ')[0])
  } catch {
    return 0 // gone since it was listed
  }
}

const processNs = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).reduce(
    (sum, task) => sum + runNs(`/proc/${pid}/task/${task}/schedstat`),
    0,
  )

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${SERVER}/postgres` })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export async function startSide<T>(label: string, root: string, script: string, database: string) {
  await admin(async (client) => {
    await client.query(`drop database if exists ${database} with (force)`)
    await client.query(`create database ${database}`)
  })
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_DATABASE_URL: `${SERVER}/${database}` },
  })
  let info: T | undefined
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.startsWith('{')) {
      info = JSON.parse(line) as T
      break
    }
  }
  if (!info) throw new Error(`${label}: ${script} did not start`)
  const pid = child.pid!
  const side: Side<T> = {
    label,
    info,
    child,
    database,
    async cpu() {
      const backends = await admin(
        async (client) =>
          (
            await client.query<{ pid: number }>(
              `select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
              [database],
            )
          ).rows,
      )
      return {
        node: processNs(pid),
        postgres: new Map(backends.map((b) => [b.pid, runNs(`/proc/${b.pid}/schedstat`)])),
      }
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
  return side
}

/** The backends' CPU between two readings: those alive at the end, from 0 for one opened since. */
export function postgresNs(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0
  for (const [pid, ns] of after) total += ns - (before.get(pid) ?? 0)
  return total
}
