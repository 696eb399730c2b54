import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '#server/platform/jobs.table.ts'
import { addDays, isoDay } from '#shared/domain/license-status.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { addOnboardingAgent, joinAsAgent } from '#test/onboarding.ts'
import { queuedMailTo } from '#test/recorded.ts'
import { notifications } from '../notifications/notifications.table.ts'
import {
  createLicenseRemindersHandler,
  LICENSE_REMINDERS_JOB,
  nextReminderRun,
  sendLicenseReminders,
} from './license-reminders.job.ts'
import { licenseReminders } from './onboarding-records.table.ts'

let test: TestApp
let admin: SignedInUser
let otherAdmin: SignedInUser
let joinedEmail: string
let joinedUserId: string
let invitedEmail: string
const today = isoDay()
const licenses: Record<string, string> = {}

async function addLicense(
  owner: SignedInUser,
  agentId: string,
  key: string,
  days: number,
  status = 'active',
) {
  const response = await test.request({
    method: 'POST',
    url: '/api/agency-onboarding/licenses',
    cookie: owner.cookie,
    payload: {
      agentId,
      licenseNumber: key,
      state: 'TX',
      licenseType: 'Life Only',
      expirationDate: addDays(today, days),
      status,
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  licenses[key] = response.json().id
}

const titlesOf = async (userId: string) =>
  (await test.db.select().from(notifications).where(eq(notifications.userId, userId))).map((row) => row.title)

beforeAll(async () => {
  test = await buildTestApp()
  admin = await signUp(test)
  otherAdmin = await signUp(test)
  const joined = await addOnboardingAgent(test, admin)
  joinedEmail = joined.input.email
  const cookie = await joinAsAgent(test, joinedEmail)
  joinedUserId = (await test.request({ method: 'GET', url: '/api/auth/user', cookie })).json().id
  const invited = await addOnboardingAgent(test, admin)
  invitedEmail = invited.input.email
  await addLicense(admin, joined.input.agentId, 'AT-90', 90)
  await addLicense(admin, joined.input.agentId, 'AT-20', 20)
  await addLicense(admin, invited.input.agentId, 'AT-0', 0)
  await addLicense(admin, invited.input.agentId, 'AT-91', 91)
  await addLicense(admin, invited.input.agentId, 'SUSPENDED', 25, 'suspended')
  await addLicense(admin, invited.input.agentId, 'LONG-GONE', -40)
  const elsewhere = await addOnboardingAgent(test, otherAdmin)
  await addLicense(otherAdmin, elsewhere.input.agentId, 'B-30', 30)
})
afterAll(() => test.close())

describe('the daily license reminders', () => {
  it('reminds at 90, 30 and 0 days: the agent in the app and by mail, the admin in one digest', async () => {
    expect(await sendLicenseReminders(test.db, today)).toEqual({ sent: 4 })
    const rows = await test.db.select().from(licenseReminders)
    expect(Object.fromEntries(rows.map((row) => [row.licenseId, row.threshold]))).toEqual({
      [licenses['AT-90']!]: 90,
      [licenses['AT-20']!]: 30,
      [licenses['AT-0']!]: 0,
      [licenses['B-30']!]: 30,
    })
    expect((await titlesOf(joinedUserId)).sort()).toEqual([
      `Your TX Life Only license expires in 20 days (${addDays(today, 20)})`,
      `Your TX Life Only license expires in 90 days (${addDays(today, 90)})`,
    ])
    expect(
      (await queuedMailTo(test, joinedEmail)).filter((m) => m.subject.startsWith('Your TX')),
    ).toHaveLength(2)
    expect((await queuedMailTo(test, invitedEmail)).map((m) => m.subject)).toContain(
      'Your TX Life Only license expires today',
    )
    expect(await titlesOf(admin.user.id)).toContain('License reminders: 3 licenses need attention')
    expect(
      (await queuedMailTo(test, admin.email)).filter((m) => m.subject.startsWith('License reminders')),
    ).toHaveLength(1)
    // Each agency's admin hears only about their own agency.
    expect(await titlesOf(otherAdmin.user.id)).toContain('License reminders: 1 license needs attention')
  })

  it('sends nothing new when run again the same day', async () => {
    const before = (await test.db.select().from(jobs)).length
    expect(await sendLicenseReminders(test.db, today)).toEqual({ sent: 0 })
    expect((await test.db.select().from(jobs)).length).toBe(before)
  })

  it('sends the next threshold when it is reached, and nothing after a renewal', async () => {
    // 60 days on: AT-90 has 30 days left, AT-91 reaches 90 (31), B-30 expires (30 days ago, within
    // the grace); AT-20 is 40 days past its date, beyond it.
    expect(await sendLicenseReminders(test.db, addDays(today, 60))).toEqual({ sent: 3 })
    const renewed = await test.request({
      method: 'PATCH',
      url: `/api/agency-onboarding/licenses/${licenses['AT-90']}`,
      cookie: admin.cookie,
      payload: { expirationDate: addDays(today, 800) },
    })
    expect(renewed.statusCode).toBe(200)
    // 90 days on: only AT-91 (1 day left, its 30-day reminder); the renewed AT-90 is far off.
    expect(await sendLicenseReminders(test.db, addDays(today, 90))).toEqual({ sent: 1 })
    const forRenewed = await test.db
      .select()
      .from(licenseReminders)
      .where(eq(licenseReminders.licenseId, licenses['AT-90']!))
    expect(forRenewed.map((row) => row.threshold).sort()).toEqual([30, 90])
  })

  it('books the next run daily at 06:00 UTC, also after a failure', async () => {
    expect(nextReminderRun(new Date('2026-03-10T05:59:00Z')).toISOString()).toBe('2026-03-10T06:00:00.000Z')
    expect(nextReminderRun(new Date('2026-03-10T06:00:00Z')).toISOString()).toBe('2026-03-11T06:00:00.000Z')
    await test.db.execute(sql`DELETE FROM jobs WHERE type = ${LICENSE_REMINDERS_JOB}`)
    const handler = createLicenseRemindersHandler(test.db, { info() {} })
    await handler({
      id: 'x',
      type: LICENSE_REMINDERS_JOB,
      agencyId: null,
      payload: {},
      attempts: 1,
      maxAttempts: 3,
    })
    const booked = await test.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, LICENSE_REMINDERS_JOB), eq(jobs.status, 'queued')))
    expect(booked).toHaveLength(1)
    expect(booked[0]!.runAt.toISOString()).toBe(nextReminderRun(new Date()).toISOString())
  })
})
