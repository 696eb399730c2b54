import { randomUUID } from 'node:crypto'
import { millisecondsInHour } from 'date-fns/constants'
import { sql } from 'drizzle-orm'
import type { Db, Executor } from '#server/db/connect.ts'
import { jobs } from './jobs.table.ts'

export interface ClaimedJob {
  id: string
  type: string
  agencyId: string | null
  payload: Record<string, unknown>
  attempts: number
  maxAttempts: number
}

export type JobHandler = (job: ClaimedJob) => Promise<void>

/** Thrown by a handler when trying again cannot help (e.g. a carrier answered 400): no retry. */
export class PermanentJobError extends Error {}

/** Whether this run is the job's last chance (a failure now fails it for good). */
export function isLastAttempt(job: ClaimedJob): boolean {
  return job.attempts >= job.maxAttempts
}

export interface EnqueueOptions {
  type: string
  payload?: Record<string, unknown>
  agencyId?: string | null
  runAt?: Date
  maxAttempts?: number
}

/** Write a job in the caller's transaction: it runs only if that change commits. */
export async function enqueueJob(executor: Executor, options: EnqueueOptions): Promise<string> {
  const [row] = await executor
    .insert(jobs)
    .values({
      type: options.type,
      payload: options.payload ?? {},
      agencyId: options.agencyId ?? null,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 5,
    })
    .returning({ id: jobs.id })
  return row!.id
}

/** Many jobs in one insert (a submission to 100 carriers is 100 jobs), in the caller's transaction. */
export async function enqueueJobs(executor: Executor, list: EnqueueOptions[]): Promise<void> {
  if (list.length === 0) return
  await executor.insert(jobs).values(
    list.map((options) => ({
      type: options.type,
      payload: options.payload ?? {},
      agencyId: options.agencyId ?? null,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 5,
    })),
  )
}

/**
 * Queues a recurring job unless a copy is already queued under its key (a partial unique index
 * keeps one): every worker may ask at start, and the job asks for its own next run.
 */
export async function scheduleSingleton(
  executor: Executor,
  options: { type: string; singletonKey: string; runAt?: Date; maxAttempts?: number },
): Promise<void> {
  await executor
    .insert(jobs)
    .values({
      type: options.type,
      singletonKey: options.singletonKey,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 3,
    })
    .onConflictDoNothing()
}

/**
 * 5 s, 10 s, 20 s … capped at an hour, each spread by ±20 % so that jobs failing together (a
 * carrier down for a minute) do not all come back at the same moment.
 */
export function defaultBackoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempts - 1), millisecondsInHour)
  return Math.round(base * (0.8 + 0.4 * random()))
}

export interface JobRunnerOptions {
  db: Db
  handlers: Record<string, JobHandler>
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void }
  pollMs?: number
  batchSize?: number
  backoffMs?: (attempts: number) => number
  /** A job still 'running' this long after it was claimed belonged to a worker that died. */
  staleAfterMs?: number
}

export interface JobRunner {
  /** Claims and runs what is due; answers how many jobs it ran. */
  runOnce(): Promise<number>
  start(): void
  stop(): Promise<void>
  /** Ask for a run soon, e.g. right after a job was enqueued in this process. */
  wake(): void
}

interface ClaimedRow {
  id: string
  type: string
  agency_id: string | null
  payload: Record<string, unknown>
  attempts: number
  max_attempts: number
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const workerId = `worker-${randomUUID()}`
  const pollMs = options.pollMs ?? 1_000
  const batchSize = options.batchSize ?? 10
  const backoffMs = options.backoffMs ?? defaultBackoffMs
  const staleAfterMs = options.staleAfterMs ?? 10 * 60_000
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  let stopped = true

  async function claim(): Promise<ClaimedJob[]> {
    await options.db.execute(sql`
      UPDATE jobs SET status = 'queued', locked_at = NULL, locked_by = NULL, updated_at = now()
      WHERE status = 'running' AND locked_at < now() - make_interval(secs => ${staleAfterMs / 1000})`)
    // A claimed copy gives up its singleton key: another may then be queued, and this one can go
    // back to the queue (a retry, a takeover) without clashing with it.
    const result = await options.db.execute(sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${workerId},
        singleton_key = NULL,
        updated_at = now()
      WHERE id IN (
        SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now()
        ORDER BY run_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
      RETURNING id, type, agency_id, payload, attempts, max_attempts`)
    return (result as unknown as { rows: ClaimedRow[] }).rows.map((row) => ({
      id: row.id,
      type: row.type,
      agencyId: row.agency_id,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
    }))
  }

  /**
   * Records the outcome, unless the job was meanwhile reclaimed from this worker as stale (another
   * worker owns it now and reports its own outcome).
   */
  async function finish(job: ClaimedJob, error: unknown): Promise<void> {
    if (error === undefined) {
      await options.db.execute(sql`
        UPDATE jobs SET status = 'succeeded', finished_at = now(), locked_at = NULL, last_error = NULL,
          updated_at = now() WHERE id = ${job.id} AND locked_by = ${workerId}`)
      return
    }
    const message = error instanceof Error ? error.message : String(error)
    if (isLastAttempt(job) || error instanceof PermanentJobError) {
      // A handler's own verdict (a carrier refused it, no connection) is an outcome it has already
      // recorded where the user sees it: information. Running out of attempts on anything else
      // is an error an operator should look at.
      const level = error instanceof PermanentJobError ? 'info' : 'error'
      options.log[level](
        { jobId: job.id, type: job.type, attempts: job.attempts, err: message },
        'job failed for good',
      )
      await options.db.execute(sql`
        UPDATE jobs SET status = 'failed', finished_at = now(), locked_at = NULL, last_error = ${message},
          updated_at = now() WHERE id = ${job.id} AND locked_by = ${workerId}`)
      return
    }
    const retryAt = new Date(Date.now() + backoffMs(job.attempts))
    options.log.info(
      { jobId: job.id, type: job.type, attempts: job.attempts, err: message },
      'job will retry',
    )
    await options.db.execute(sql`
      UPDATE jobs SET status = 'queued', run_at = ${retryAt.toISOString()}::timestamptz, locked_at = NULL,
        locked_by = NULL, last_error = ${message}, updated_at = now() WHERE id = ${job.id} AND locked_by = ${workerId}`)
  }

  async function run(job: ClaimedJob): Promise<void> {
    const handler = options.handlers[job.type]
    let error: unknown
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`)
      await handler(job)
    } catch (caught) {
      error = caught ?? new Error('Job failed')
    }
    await finish(job, error)
  }

  /** The claimed jobs run side by side: most wait on the network (a carrier, an SMTP server). */
  async function runOnce(): Promise<number> {
    const claimed = await claim()
    await Promise.all(claimed.map(run))
    return claimed.length
  }

  function schedule(delay: number): void {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(tick, delay)
  }

  function tick(): void {
    if (running) return
    running = runOnce()
      .then((count) => schedule(count > 0 ? 0 : pollMs))
      .catch((error: unknown) => {
        options.log.error(
          { err: error instanceof Error ? error.message : String(error) },
          'job worker loop failed',
        )
        schedule(pollMs)
      })
      .finally(() => {
        running = undefined
      })
  }

  return {
    runOnce,
    start() {
      stopped = false
      schedule(0)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
    wake() {
      if (!stopped && !running) schedule(0)
    },
  }
}
