import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '#server/platform/jobs.table.ts'
import { MAIL_JOB } from '#server/platform/mail.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { users } from '../auth/auth.table.ts'
import { clients } from '../clients/clients.table.ts'
import {
  createWeeklyAgencyReportHandler,
  createWeeklyReportHandler,
  nextWeeklyRun,
  WEEKLY_AGENCY_REPORT_JOB,
  WEEKLY_REPORT_JOB,
} from './weekly-report.job.ts'

/** A Wednesday; the report covers the 7 days before it. */
const NOW = new Date('2026-03-11T10:00:00.000Z')
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000)

let test: TestApp
let owner: SignedInUser
let quiet: SignedInUser
let other: SignedInUser

beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
  quiet = await addAgent(test, owner.user.agencyId)
  await test.db.update(users).set({ notifyWeekly: false }).where(eq(users.id, quiet.user.id))
  other = await signUp(test)
  const client = (agencyId: string, firstName: string, createdAt: Date) => ({
    agencyId,
    firstName,
    lastName: 'Client',
    createdAt,
  })
  await test.db
    .insert(clients)
    .values([
      client(owner.user.agencyId, 'This', daysAgo(1)),
      client(owner.user.agencyId, 'Week', daysAgo(6.9)),
      client(owner.user.agencyId, 'Old', daysAgo(8)),
      client(other.user.agencyId, 'Theirs', daysAgo(2)),
    ])
})
afterAll(() => test.close())

async function weeklyMailsTo(address: string) {
  const rows = await test.db.select().from(jobs).where(eq(jobs.type, MAIL_JOB))
  return rows
    .map((row) => row.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === address && mail.subject === 'Your weekly agency report')
}

describe('nextWeeklyRun', () => {
  it('is the next Monday at 08:00 UTC, strictly after now', () => {
    expect(nextWeeklyRun(NOW).toISOString()).toBe('2026-03-16T08:00:00.000Z')
    expect(nextWeeklyRun(new Date('2026-03-16T08:00:00.000Z')).toISOString()).toBe('2026-03-23T08:00:00.000Z')
    expect(nextWeeklyRun(new Date('2026-03-16T07:59:00.000Z')).toISOString()).toBe('2026-03-16T08:00:00.000Z')
  })
})

describe('the weekly report job', () => {
  it("mails each user who wants it their own agency's last 7 days, and books the next run", async () => {
    await createWeeklyReportHandler(
      test.db,
      () => NOW,
    )({
      id: 'run',
      type: WEEKLY_REPORT_JOB,
      agencyId: null,
      payload: {},
      attempts: 1,
      maxAttempts: 3,
    })
    const booked = await test.db.select().from(jobs).where(eq(jobs.type, WEEKLY_AGENCY_REPORT_JOB))
    const ownerJob = booked.find((job) => job.agencyId === owner.user.agencyId)
    expect(ownerJob?.payload).toEqual({ agencyId: owner.user.agencyId, to: NOW.toISOString() })
    const [next] = await test.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, WEEKLY_REPORT_JOB), eq(jobs.status, 'queued')))
    expect(next!.runAt.toISOString()).toBe('2026-03-16T08:00:00.000Z')

    const runAgency = createWeeklyAgencyReportHandler(test.db)
    for (const job of booked.filter(
      (j) => j.agencyId === owner.user.agencyId || j.agencyId === other.user.agencyId,
    )) {
      await runAgency({
        id: job.id,
        type: job.type,
        agencyId: job.agencyId,
        payload: job.payload,
        attempts: 1,
        maxAttempts: 5,
      })
    }
    const [mail] = await weeklyMailsTo(owner.email)
    expect(mail!.text).toContain('from 2026-03-04 to 2026-03-11')
    expect(mail!.text).toContain('- Clients added: 2')
    expect(mail!.text).toContain('- Applications created: 0')
    expect(await weeklyMailsTo(quiet.email)).toEqual([])
    const [theirs] = await weeklyMailsTo(other.email)
    expect(theirs!.text).toContain('- Clients added: 1')
  })
})
