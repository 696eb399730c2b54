// Two web processes and two workers on one PostgreSQL database, files in S3 (s3rver on loopback),
// as a load-balanced install runs (README, "More than one process"), called over real HTTP.
// PostgreSQL only (it runs when TEST_DATABASE_URL is set): PGlite serves a single process.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { and, count, countDistinct, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { jobs } from '#server/platform/jobs.table.ts'
import { enqueueJobs } from '#server/platform/jobs.ts'
import { mailMessages } from '#server/platform/mail.table.ts'
import { MAIL_JOB } from '#server/platform/mail.ts'
import { AUTH_MESSAGES, AUTH_PAGES } from '#shared/contracts/auth.contract.ts'
import { samples } from '#test/file-fixtures.ts'
import { type SendOptions, sendTo, signUpOverHttp } from '#test/over-http.ts'
import { type Fleet, startFleet } from '#test/process-fleet.ts'
import { NO_REDIS } from '#test/redis.ts'

// The address users reach: the load balancer's, the same for both web processes.
const PUBLIC_URL = 'http://backoffice.test'
const PAGE_VIEWS_PER_MINUTE = 4
let fleet: Fleet
let a: string
let b: string

const send = (base: string, route: string, options?: SendOptions) => sendTo(base, PUBLIC_URL, route, options)
const signUpOn = (base: string) => signUpOverHttp(base, PUBLIC_URL)

beforeAll(async () => {
  fleet = await startFleet(PUBLIC_URL, { PAGE_VIEWS_PER_MINUTE: String(PAGE_VIEWS_PER_MINUTE) })
  ;[a, b] = fleet.web
}, 150_000)
afterAll(() => fleet?.close(), 60_000)

// A failing test shows what the processes logged last.
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.error(fleet.tails()))
})

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
    for (const dataDir of fleet.dataDirs) expect(existsSync(path.join(dataDir, 'files'))).toBe(false)
  })

  it('every job runs exactly once, and both workers take part', async () => {
    const tag = `many-processes ${randomBytes(4).toString('hex')}`
    const total = 200
    // Due one every 10 ms over two seconds, as work arrives in an office: a worker that finds the
    // queue empty waits a second before looking again, so neither can take everything alone.
    const start = Date.now() + 500
    await enqueueJobs(
      fleet.database.db,
      Array.from({ length: total }, (_, n) => ({
        type: MAIL_JOB,
        runAt: new Date(start + n * 10),
        payload: { agencyId: null, to: `n${n}@agency-test.example`, subject: `${tag} #${n}`, text: 'proof' },
      })),
    )
    const ours = and(eq(jobs.type, MAIL_JOB), sql`${jobs.payload}->>'subject' like ${`${tag} #%`}`)
    await vi.waitFor(
      async () => {
        const [done] = await fleet.database.db
          .select({ n: count() })
          .from(jobs)
          .where(and(ours, eq(jobs.status, 'succeeded')))
        expect(done!.n).toBe(total)
      },
      { timeout: 30_000, interval: 250 },
    )
    // Mail is kept in the database without SMTP_URL: one row per run, so a second run would show.
    const mails = await fleet.database.db
      .select({ subject: mailMessages.subject, n: count() })
      .from(mailMessages)
      .where(like(mailMessages.subject, `${tag} #%`))
      .groupBy(mailMessages.subject)
    expect(mails).toHaveLength(total)
    expect(mails.filter((mail) => mail.n !== 1)).toEqual([])
    const [runs] = await fleet.database.db
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
    context.skip(!fleet.redis, NO_REDIS)
    const user = await signUpOn(a)
    const view = (base: string) =>
      send(base, '/api/analytics/page-views', {
        cookie: user.cookie,
        json: { path: '/clients', device: 'desktop' },
      })
    const statuses: number[] = []
    for (const base of [a, b, a, b, a, b]) statuses.push((await view(base)).status)
    // Counted per process, all six would pass: each process saw only three of them.
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429])
  })
})
