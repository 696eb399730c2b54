import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '#server/platform/jobs.table.ts'
import { MAIL_JOB } from '#server/platform/mail.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { enterDueRenewals } from './enter-pipeline.job.ts'
import { policyExpiring, putBookSettings } from './pipeline.test-support.ts'
import { nextRemindersRun } from './renewal-reminders.job.ts'
import { sendRenewalReminders } from './send-renewal-reminders.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const today = new Date().toISOString().slice(0, 10)
const baseUrl = 'https://agency.example'
/** 16:00 UTC: late morning in New York, so past every US agency's reminder hour. */
const at = (day: string, time = '16:00') => new Date(`${day}T${time}:00Z`)
const run = (now: Date) => sendRenewalReminders(test.db, { now, baseUrl })

async function notificationsOf(user: SignedInUser) {
  const response = await test.request({ method: 'GET', url: '/api/notifications', cookie: user.cookie })
  return (response.json().notifications as { title: string; message: string; type: string }[]).filter(
    (notification) => notification.type === 'reminder',
  )
}

async function mailsTo(user: SignedInUser) {
  const rows = await test.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.type, MAIL_JOB), sql`${jobs.payload}->>'to' = ${user.email}`))
    .orderBy(jobs.createdAt)
  return rows
    .map((row) => row.payload as { subject: string; text: string })
    .filter((mail) => mail.subject.startsWith('Renewals:'))
}

/** An agency whose review milestones fall on `reviewIn` days from today (90 days before expiry). */
async function agencyWithReviews(reviewIn: number[], names = ['Maria', 'Gonzalez'] as [string, string]) {
  const admin = await signUp(test)
  const policies = []
  for (const days of reviewIn)
    policies.push(await policyExpiring(test, admin, addDays(today, days + 90), { insured: names }))
  await enterDueRenewals(test.db, today, { agencyId: admin.user.agencyId })
  return { admin, policies }
}

describe('renewal reminders', () => {
  it('tells the assignee once when a milestone falls due and once when it is missed, with one digest a day', async () => {
    const { admin, policies } = await agencyWithReviews([0, -30, 10])
    const colleague = await addAgent(test, admin.user.agencyId)
    const theirs = await policyExpiring(test, admin, addDays(today, 80), {
      insured: ['Wei', 'Chen'],
      producerUserId: colleague.user.id,
    })
    await enterDueRenewals(test.db, today, { agencyId: admin.user.agencyId })

    await run(at(today))
    const [due, overdue] = [policies[0]!, policies[1]!]
    const mine = await notificationsOf(admin)
    expect(mine.map((n) => n.title).sort()).toEqual([
      'Review due today: Maria Gonzalez',
      'Review overdue: Maria Gonzalez',
    ])
    expect(mine.find((n) => n.title.includes('overdue'))!.message).toMatch(
      new RegExp(
        `^Policy ${overdue.policyNumber} \\(.+\\) expires ${addDays(today, 60)}\\. Review was due ${addDays(today, -30)}\\.$`,
      ),
    )
    expect((await notificationsOf(colleague)).map((n) => n.title)).toEqual(['Review overdue: Wei Chen'])

    const [digest, ...others] = await mailsTo(admin)
    expect(others).toEqual([])
    expect(digest!.subject).toBe(`Renewals: 2 due or overdue (${today})`)
    const lines = digest!.text.split('\n')
    expect(lines.slice(0, 4)).toEqual([
      'Hello Casey,',
      '',
      `These renewals assigned to you are due or overdue on ${today}:`,
      '',
    ])
    expect(lines.slice(4, 11)).toEqual([
      'Overdue',
      expect.stringMatching(
        new RegExp(
          `^- Review \\(due ${addDays(today, -30)}\\): Maria Gonzalez, policy ${overdue.policyNumber} \\(.+\\), expires ${addDays(today, 60)}$`,
        ),
      ),
      expect.stringMatching(new RegExp(`^  ${baseUrl}/renewals/[0-9a-f-]{36}$`)),
      '',
      'Due today',
      expect.stringMatching(
        new RegExp(`^- Review \\(due ${today}\\): Maria Gonzalez, policy ${due.policyNumber} `),
      ),
      expect.stringMatching(new RegExp(`^  ${baseUrl}/renewals/`)),
    ])
    expect(digest!.text).not.toContain(theirs.policyNumber)
    expect((await mailsTo(colleague)).map((mail) => mail.subject)).toEqual([
      `Renewals: 1 due or overdue (${today})`,
    ])

    // The same day again, two hours later: nothing new, in the app or by mail.
    await run(at(today, '18:00'))
    expect(await notificationsOf(admin)).toHaveLength(2)
    expect(await mailsTo(admin)).toHaveLength(1)

    // The next day the review due yesterday is missed: one more reminder, and that day's digest.
    const tomorrow = addDays(today, 1)
    await run(at(tomorrow))
    await run(at(tomorrow, '20:00'))
    expect((await notificationsOf(admin)).map((n) => n.title).sort()).toEqual([
      'Review due today: Maria Gonzalez',
      'Review overdue: Maria Gonzalez',
      'Review overdue: Maria Gonzalez',
    ])
    expect((await mailsTo(admin)).map((mail) => mail.subject)).toEqual([
      `Renewals: 2 due or overdue (${today})`,
      `Renewals: 2 due or overdue (${tomorrow})`,
    ])
  })

  it('mails no digest to a user who turned renewal reminders off, and still tells them in the app', async () => {
    const { admin } = await agencyWithReviews([-5])
    const off = await test.request({
      method: 'PUT',
      url: '/api/settings/notifications',
      cookie: admin.cookie,
      payload: { renewalReminders: false },
    })
    expect(off.json().renewalReminders).toBe(false)
    await run(at(today))
    expect(await mailsTo(admin)).toEqual([])
    expect((await notificationsOf(admin)).map((n) => n.title)).toEqual(['Review overdue: Maria Gonzalez'])
  })

  it('waits for the agency’s own morning', async () => {
    const { admin } = await agencyWithReviews([0])
    expect((await putBookSettings(test, admin, { timeZone: 'Asia/Tokyo' })).statusCode).toBe(200)
    // 21:00 UTC is 06:00 the next day in Tokyo: too early, and a day on.
    await run(at(addDays(today, -1), '21:00'))
    expect(await notificationsOf(admin)).toEqual([])
    // 23:00 UTC is 08:00 in Tokyo on today's date there.
    await run(at(addDays(today, -1), '23:00'))
    expect((await notificationsOf(admin)).map((n) => n.title)).toEqual(['Review due today: Maria Gonzalez'])
    expect((await mailsTo(admin)).map((mail) => mail.subject)).toEqual([
      `Renewals: 1 due or overdue (${today})`,
    ])
  })

  it('sums many new reminders up in one notification, and still lists each in the digest', async () => {
    const { admin } = await agencyWithReviews(Array.from({ length: 12 }, (_, i) => -1 - i))
    await run(at(today))
    expect(await notificationsOf(admin)).toEqual([
      expect.objectContaining({
        title: '12 renewals need your attention',
        message: '0 due today and 12 overdue. Open Renewals to work them.',
      }),
    ])
    const [digest] = await mailsTo(admin)
    expect(digest!.text.split('\n').filter((line) => line.startsWith('- Review'))).toHaveLength(12)
  })
})

describe('the reminders’ schedule', () => {
  it('runs hourly at five past', () => {
    expect(nextRemindersRun(new Date('2026-11-28T10:04:00Z')).toISOString()).toBe('2026-11-28T10:05:00.000Z')
    expect(nextRemindersRun(new Date('2026-11-28T10:05:00Z')).toISOString()).toBe('2026-11-28T11:05:00.000Z')
    expect(nextRemindersRun(new Date('2026-11-28T23:30:00Z')).toISOString()).toBe('2026-11-29T00:05:00.000Z')
  })
})
