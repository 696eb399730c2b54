import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/connect.ts'

/**
 * CPU time in nanoseconds spent by this process and, on PostgreSQL, by the server processes
 * serving this bench's database (read from /proc/<pid>/schedstat, so the server must run on this
 * machine, as BENCH_DATABASE_URL on loopback does). Unlike wall time it hardly moves when the
 * shared machine is busy: a run queue makes a call wait, not work more. PGlite runs in this
 * process, so its work is in process.cpuUsage already.
 */
export interface CpuMeter {
  /** Runs `work` once: its wall time in ms, the CPU it took here and on the server, and the server's part, in ns. */
  measure(work: () => Promise<unknown>): Promise<{ wallMs: number; cpuNs: number; serverNs: number }>
}

function serverTimeNs(pids: number[]): number {
  let total = 0
  for (const pid of pids) {
    try {
      total += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0])
    } catch {
      // A connection closed since: its time is no longer counted (the pool keeps its connections).
    }
  }
  return total
}

/** Call after the warm-up, once the pool has opened its connections. */
export async function createCpuMeter(db: Db, kind: 'pglite' | 'postgres'): Promise<CpuMeter> {
  const pids =
    kind === 'postgres'
      ? (
          (await db.execute(sql`SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND backend_type = 'client backend'`)) as unknown as {
            rows: { pid: number }[]
          }
        ).rows.map((row) => Number(row.pid))
      : []
  const ownNs = () => {
    const usage = process.cpuUsage()
    return (usage.user + usage.system) * 1000
  }
  return {
    // The /proc reads fall outside both windows: before the own clock at the start, after it at the end.
    async measure(work) {
      const serverBefore = serverTimeNs(pids)
      const ownBefore = ownNs()
      const started = performance.now()
      await work()
      const wallMs = performance.now() - started
      const ownAfter = ownNs()
      const serverAfter = serverTimeNs(pids)
      const serverNs = serverAfter - serverBefore
      return { wallMs, cpuNs: ownAfter - ownBefore + serverNs, serverNs }
    },
  }
}
