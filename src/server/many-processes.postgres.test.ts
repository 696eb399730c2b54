// Two web processes and two workers on one PostgreSQL database, files in S3 (s3rver on loopback),
// as a load-balanced install runs (README, "More than one process"). PostgreSQL only: PGlite
// serves a single process. Each process has its own DATA_DIR, so nothing passes through a disk.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, count, countDistinct, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '#server/db/connect.ts'
import { generateP12 } from '#server/features/esigning/signing-certificate.ts'
import { jobs } from '#server/platform/jobs.table.ts'
import { enqueueJobs } from '#server/platform/jobs.ts'
import { mailMessages } from '#server/platform/mail.table.ts'
import { MAIL_JOB } from '#server/platform/mail.ts'
import { AUTH_MESSAGES, AUTH_PAGES } from '#shared/contracts/auth.contract.ts'
import { type AppProcess, startAppProcess } from '#test/app-process.ts'
import { type FakeS3, startFakeS3 } from '#test/fake-s3.ts'
import { samples } from '#test/file-fixtures.ts'
import { type SendOptions, sendTo, signUpOverHttp } from '#test/over-http.ts'
import { NO_REDIS, TEST_REDIS_URL, testRedisAnswers } from '#test/redis.ts'
import { createTestDatabase } from '#test/test-db.ts'

// The address users reach: the load balancer's, the same for both web processes.
const PUBLIC_URL = 'http://backoffice.test'
const PAGE_VIEWS_PER_MINUTE = 4
const processes: AppProcess[] = []
const dataDirs: string[] = []
let database: Database
let s3: FakeS3
let redisUp = false
let a: string
let b: string

const send = (base: string, route: string, options?: SendOptions) => sendTo(base, PUBLIC_URL, route, options)
const signUpOn = (base: string) => signUpOverHttp(base, PUBLIC_URL)
const scratch = (name: string) => mkdtempSync(path.join(tmpdir(), `${name}-`))

beforeAll(async () => {
  database = await createTestDatabase()
  if (!database.url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)')
  ;[s3, redisUp] = await Promise.all([startFakeS3(), testRedisAnswers()])
  const p12 = path.join(scratch('signing'), 'signing.p12')
  writeFileSync(p12, generateP12())
  const shared = {
    DATABASE_URL: database.url,
    DATA_ENCRYPTION_KEY: '02'.repeat(32),
    AUDIT_SIGNING_KEY: '03'.repeat(32),
    SESSION_SECRET: 'many-processes-session-secret-0123456789',
    SIGNING_P12_PATH: p12,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    PUBLIC_URL,
    DEMO_DATA: 'false',
    WORKER: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    PAGE_VIEWS_PER_MINUTE: String(PAGE_VIEWS_PER_MINUTE),
    ...(redisUp
      ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:` }
      : {}),
  }
  // All four start at once, as after a deploy: migrations and start-up work must bear that too.
  const started = await Promise.allSettled(
    (['web', 'web', 'worker', 'worker'] as const).map((kind) => {
      const dataDir = scratch(`${kind}-process`)
      dataDirs.push(dataDir)
      return startAppProcess(kind, { ...shared, DATA_DIR: dataDir })
    }),
  )
  for (const result of started) if (result.status === 'fulfilled') processes.push(result.value)
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
  ;[a, b] = processes.slice(0, 2).map((running) => running.url!) as [string, string]
}, 150_000)

// A failing test shows what the processes logged last.
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    for (const [n, running] of processes.entries()) console.error(`process ${n}:\n${running.tail()}`)
  })
})

afterAll(async () => {
  await Promise.all(processes.map((running) => running.stop()))
  await s3?.close()
  await database?.close()
}, 60_000)

describe('two web processes and two workers on one database', () => {
  it('a session started on one process works on the other, and signing out on either ends it', async () => {
    const user = await signUpOn(a)
    const onB = await send(b, '/api/auth/user', { cookie: user.cookie })
    expect(onB.status).toBe(200)
    expect(await onB.json()).toMatchObject({ id: user.user.id, email: user.email })
    expect((await send(b, AUTH_PAGES.logout, { cookie: user.cookie })).status).toBe(302)
    expect((await send(a, '/api/auth/user', { cookie: user.cookie })).status).toBe(401)
  })

  it('a document uploaded through one downloads through the other, byte for byte, from S3', async () => {
    const user = await signUpOn(a)
    const content = samples.pdf(256 * 1024)
    const form = new FormData()
    form.append('documentType', 'w9')
    form.append('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), 'W-9.pdf')
    const uploaded = await send(a, '/api/documents/upload', { cookie: user.cookie, form })
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    const { id } = (await uploaded.json()) as { id: string }
    const download = await send(b, `/api/documents/${id}/download`, { cookie: user.cookie })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true)
    for (const dataDir of dataDirs) expect(existsSync(path.join(dataDir, 'files'))).toBe(false)
  })

  it('every job runs exactly once, and both workers take part', async () => {
    const tag = `many-processes ${randomBytes(4).toString('hex')}`
    const total = 200
    // Due one every 10 ms over two seconds, as work arrives in an office: a worker that finds the
    // queue empty waits a second before looking again, so neither can take everything alone.
    const start = Date.now() + 500
    await enqueueJobs(
      database.db,
      Array.from({ length: total }, (_, n) => ({
        type: MAIL_JOB,
        runAt: new Date(start + n * 10),
        payload: { agencyId: null, to: `n${n}@agency-test.example`, subject: `${tag} #${n}`, text: 'proof' },
      })),
    )
    const ours = and(eq(jobs.type, MAIL_JOB), sql`${jobs.payload}->>'subject' like ${`${tag} #%`}`)
    await vi.waitFor(
      async () => {
        const [done] = await database.db
          .select({ n: count() })
          .from(jobs)
          .where(and(ours, eq(jobs.status, 'succeeded')))
        expect(done!.n).toBe(total)
      },
      { timeout: 30_000, interval: 250 },
    )
    // Mail is kept in the database without SMTP_URL: one row per run, so a second run would show.
    const mails = await database.db
      .select({ subject: mailMessages.subject, n: count() })
      .from(mailMessages)
      .where(like(mailMessages.subject, `${tag} #%`))
      .groupBy(mailMessages.subject)
    expect(mails).toHaveLength(total)
    expect(mails.filter((mail) => mail.n !== 1)).toEqual([])
    const [runs] = await database.db
      .select({ claims: sql<number>`sum(${jobs.attempts})::int`, workers: countDistinct(jobs.lockedBy) })
      .from(jobs)
      .where(ours)
    expect(runs).toEqual({ claims: total, workers: 2 })
  }, 45_000)

  it('five failed sign-ins spread across both lock the email on both', async () => {
    const user = await signUpOn(b)
    const attempt = (base: string, password: string) =>
      send(base, '/api/auth/login', { json: { email: user.email, password } })
    const failures: number[] = []
    for (const base of [a, b, a, b, a]) failures.push((await attempt(base, 'wrong password')).status)
    expect(failures).toEqual([401, 401, 401, 401, 401])
    const locked = AUTH_MESSAGES.tooManyAttempts.replace('{minutes}', '15')
    for (const base of [b, a]) {
      const refused = await attempt(base, user.password)
      expect(refused.status).toBe(429)
      expect(await refused.json()).toEqual({ message: locked })
    }
  })

  it('with REDIS_URL, one rate-limit budget across both (page views of one session)', async (context) => {
    context.skip(!redisUp, NO_REDIS)
    const user = await signUpOn(a)
    const view = (base: string) =>
      send(base, '/api/analytics/page-views', {
        cookie: user.cookie,
        json: { path: '/clients', device: 'desktop' },
      })
    const statuses: number[] = []
    for (const base of [a, b, a, b, a, b]) statuses.push((await view(base)).status)
    // Counted per process, each would have taken three of the four.
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429])
  })
})
