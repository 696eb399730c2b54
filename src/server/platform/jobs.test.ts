import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/connect.ts'
import { createTestDatabase } from '#test/test-db.ts'
import { jobs } from './jobs.table.ts'
import {
  createJobRunner,
  defaultBackoffMs,
  enqueueJob,
  type JobHandler,
  PermanentJobError,
  scheduleSingleton,
} from './jobs.ts'
import { mailMessages } from './mail.table.ts'
import { createMailer, createMailJobHandler, MAIL_JOB, queueMail } from './mail.ts'

const silent = { info() {}, error() {} }
let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

async function jobById(id: string) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id))
  return row!
}

describe('job worker', () => {
  it('runs each due job exactly once, even with two workers claiming at the same time', async () => {
    const seen: string[] = []
    const handler: JobHandler = async (job) => {
      seen.push(job.payload.n as string)
    }
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        enqueueJob(database.db, { type: 'test.once', payload: { n: `job-${n}` } }),
      ),
    )
    const a = createJobRunner({
      db: database.db,
      handlers: { 'test.once': handler },
      log: silent,
      batchSize: 4,
    })
    const b = createJobRunner({
      db: database.db,
      handlers: { 'test.once': handler },
      log: silent,
      batchSize: 4,
    })
    while ((await Promise.all([a.runOnce(), b.runOnce()])).some((count) => count > 0)) {}
    expect(seen.sort()).toEqual(ids.map((_, n) => `job-${n}`).sort())
    for (const id of ids) expect((await jobById(id)).status).toBe('succeeded')
  })

  it('leaves a job whose time has not come', async () => {
    const id = await enqueueJob(database.db, { type: 'test.later', runAt: new Date(Date.now() + 60_000) })
    const runner = createJobRunner({
      db: database.db,
      handlers: { 'test.later': async () => {} },
      log: silent,
    })
    await runner.runOnce()
    expect((await jobById(id)).status).toBe('queued')
  })

  it('retries a failing job later with backoff, then gives up into a visible failed state', async () => {
    const id = await enqueueJob(database.db, { type: 'test.flaky', maxAttempts: 2 })
    const delays: number[] = []
    const runner = createJobRunner({
      db: database.db,
      handlers: {
        'test.flaky': async () => {
          throw new Error('carrier timed out')
        },
      },
      log: silent,
      backoffMs: (attempts) => {
        delays.push(attempts)
        return 0
      },
    })
    await runner.runOnce()
    const retried = await jobById(id)
    expect(retried).toMatchObject({ status: 'queued', attempts: 1, lastError: 'carrier timed out' })
    await runner.runOnce()
    const failed = await jobById(id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, lastError: 'carrier timed out' })
    expect(failed.finishedAt).toBeInstanceOf(Date)
    expect(delays).toEqual([1])
  })

  it('schedules the retry after the default backoff', async () => {
    const id = await enqueueJob(database.db, { type: 'test.backoff' })
    const runner = createJobRunner({
      db: database.db,
      handlers: { 'test.backoff': () => Promise.reject(new Error('boom')) },
      log: silent,
    })
    const before = Date.now()
    await runner.runOnce()
    const row = await jobById(id)
    expect(row.runAt.getTime()).toBeGreaterThanOrEqual(before + 4_000)
  })

  it('spreads the backoff by at most a fifth either way', () => {
    expect(defaultBackoffMs(1, () => 0)).toBe(4_000)
    expect(defaultBackoffMs(1, () => 1)).toBe(6_000)
    expect(defaultBackoffMs(3, () => 0.5)).toBe(20_000)
    expect(defaultBackoffMs(30, () => 0.5)).toBe(3_600_000)
  })

  it('fails a job at once when its handler says retrying cannot help, logged as information', async () => {
    const id = await enqueueJob(database.db, { type: 'test.permanent', maxAttempts: 5 })
    const logged: string[] = []
    await createJobRunner({
      db: database.db,
      handlers: { 'test.permanent': () => Promise.reject(new PermanentJobError('carrier said 400')) },
      log: { info: (_, msg) => logged.push(`info ${msg}`), error: (_, msg) => logged.push(`error ${msg}`) },
    }).runOnce()
    expect(await jobById(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'carrier said 400' })
    expect(logged).toEqual(['info job failed for good'])
  })

  it('logs an error when a job runs out of attempts on an unexpected failure', async () => {
    await enqueueJob(database.db, { type: 'test.exhausted', maxAttempts: 1 })
    const logged: string[] = []
    await createJobRunner({
      db: database.db,
      handlers: { 'test.exhausted': () => Promise.reject(new Error('boom')) },
      log: { info: (_, msg) => logged.push(`info ${msg}`), error: (_, msg) => logged.push(`error ${msg}`) },
    }).runOnce()
    expect(logged).toEqual(['error job failed for good'])
  })

  it('runs the jobs it claims side by side', async () => {
    let running = 0
    let most = 0
    const slow = async () => {
      running++
      most = Math.max(most, running)
      await new Promise((resolve) => setTimeout(resolve, 30))
      running--
    }
    for (let i = 0; i < 4; i++) await enqueueJob(database.db, { type: 'test.parallel' })
    await createJobRunner({ db: database.db, handlers: { 'test.parallel': slow }, log: silent }).runOnce()
    expect(most).toBe(4)
  })

  it('takes over a dead worker’s singleton job while a new copy waits, and keeps running jobs', async () => {
    const type = 'test.singleton'
    await scheduleSingleton(database.db, { type, singletonKey: type })
    // A worker claims it and dies mid-run: it stays 'running' with no one to finish it.
    const hanging = createJobRunner({
      db: database.db,
      handlers: { [type]: () => new Promise(() => {}) },
      log: silent,
    })
    void hanging.runOnce()
    await new Promise((resolve) => setTimeout(resolve, 100))
    // The next start books its copy beside the one still marked running.
    await scheduleSingleton(database.db, { type, singletonKey: type })
    const ran: string[] = []
    const next = createJobRunner({
      db: database.db,
      handlers: { [type]: async (job) => void ran.push(job.id) },
      log: silent,
      staleAfterMs: 1,
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    while ((await next.runOnce()) > 0) {}
    expect(ran).toHaveLength(2)
    const rows = await database.db.select().from(jobs).where(eq(jobs.type, type))
    expect(rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded'])
  })

  it('fails a job of an unknown type instead of losing it', async () => {
    const id = await enqueueJob(database.db, { type: 'test.nobody', maxAttempts: 1 })
    await createJobRunner({ db: database.db, handlers: {}, log: silent }).runOnce()
    expect(await jobById(id)).toMatchObject({
      status: 'failed',
      lastError: 'No handler for job type test.nobody',
    })
  })

  it('keeps mail in the database when no SMTP server is configured', async () => {
    await queueMail(database.db, {
      agencyId: null,
      to: 'owner@agency.example',
      subject: 'Hello',
      text: 'Body',
    })
    const runner = createJobRunner({
      db: database.db,
      handlers: { [MAIL_JOB]: createMailJobHandler(createMailer(database.db, { from: 'x@y.example' })) },
      log: silent,
    })
    await runner.runOnce()
    const [kept] = await database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, 'owner@agency.example'))
    expect(kept).toMatchObject({ subject: 'Hello', textBody: 'Body', status: 'kept', transport: 'database' })
  })
})
