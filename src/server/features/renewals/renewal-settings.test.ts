import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '#server/platform/jobs.table.ts'
import { BOOK_SETTINGS_TEXTS as T } from '#shared/contracts/policies-book-settings.contract.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { todayIn } from '#shared/domain/renewal-pipeline.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { POLICIES_WRITTEN_JOB, RENEWAL_SETTINGS_CHANGED_JOB } from '../policies/policy-renewal.service.ts'
import { createPoliciesWrittenHandler, enterDueRenewals } from './enter-pipeline.job.ts'
import { policyExpiring, putBookSettings, renewalOf, runQueuedJobs } from './pipeline.test-support.ts'
import { applyRenewalSettings, createRenewalSettingsChangedHandler } from './renewal-settings.job.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const today = new Date().toISOString().slice(0, 10)
const quiet = { info: () => {} }

/** A calendar date `days` after `date`, worked out on UTC midnights (not the code under test). */
function shift(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10)
}

function nthSunday(year: number, month: number, n: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1))
  return shift(first.toISOString().slice(0, 10), ((7 - first.getUTCDay()) % 7) + 7 * (n - 1))
}

/**
 * The next day Chicago changes its clocks after `from` (the second Sunday of March, the first of
 * November), and the instant of its local midnight: the change comes at 2 a.m., so midnight is
 * still on the old offset, UTC−5 (CDT) in November and UTC−6 (CST) in March.
 */
function nextClockChange(from: string) {
  const year = Number(from.slice(0, 4))
  const day = [year, year + 1]
    .flatMap((y) => [nthSunday(y, 3, 2), nthSunday(y, 11, 1)])
    .filter((date) => date > from)
    .sort()[0]!
  const offsetHours = day.slice(5, 7) === '11' ? 5 : 6
  return { day, midnight: new Date(`${day}T0${offsetHours}:00:00Z`) }
}

const minutes = (instant: Date, count: number) => new Date(instant.getTime() + count * 60_000)

describe('renewal milestones in the agency’s time zone', () => {
  it('takes a term in at the agency’s midnight on the day its clocks change, not at UTC’s', async () => {
    const admin = await signUp(test)
    expect((await putBookSettings(test, admin, { timeZone: 'America/Chicago' })).statusCode).toBe(200)
    const change = nextClockChange(addDays(today, 2))
    // The test's own clock reading agrees: a minute before local midnight is still the day before.
    expect(todayIn('America/Chicago', minutes(change.midnight, -1))).toBe(shift(change.day, -1))
    expect(todayIn('America/Chicago', minutes(change.midnight, 1))).toBe(change.day)

    const expiration = shift(change.day, 120)
    const policy = await policyExpiring(test, admin, expiration)
    const only = { agencyId: admin.user.agencyId }
    // Half an hour before Chicago's midnight it is already that day in UTC: still not in.
    expect(await enterDueRenewals(test.db, minutes(change.midnight, -30), only)).toBe(0)
    expect(await enterDueRenewals(test.db, minutes(change.midnight, 30), only)).toBe(1)
    expect(await renewalOf(test, policy.id)).toMatchObject({
      expirationDate: expiration,
      dueDate: shift(expiration, -90),
    })
  })

  it('dates each milestone from the expiration by the agency’s days, across a clock change', async () => {
    const admin = await signUp(test)
    const saved = await putBookSettings(test, admin, {
      timeZone: 'America/Chicago',
      renewalHorizonDays: 365,
      renewalMilestoneDays: { review: 100, remarket_decision: 70, quotes_compared: 50, client_contacted: 20 },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const { day } = nextClockChange(addDays(today, 2))
    const expiration = shift(day, 40)
    const policy = await policyExpiring(test, admin, expiration)
    expect(await enterDueRenewals(test.db, new Date(), { agencyId: admin.user.agencyId })).toBe(1)
    const renewal = await renewalOf(test, policy.id)
    expect(renewal!.dueDate).toBe(shift(day, -60))
    const move = async (stage: string) => {
      const response = await test.request({
        method: 'PATCH',
        url: `/api/renewals/${renewal!.id}`,
        cookie: admin.cookie,
        payload: { stage },
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }
    expect(await move('in_review')).toMatchObject({
      nextMilestone: 'remarket_decision',
      dueDate: shift(day, -30),
    })
    expect(await move('remarketing')).toMatchObject({
      nextMilestone: 'quotes_compared',
      dueDate: shift(day, -10),
    })
    // After the clocks change: still exactly 20 calendar days before the expiration.
    expect(await move('quoted')).toMatchObject({
      nextMilestone: 'client_contacted',
      dueDate: shift(day, 20),
      overdue: false,
    })
  })

  it('reads overdue on the agency’s own date, where it differs from UTC’s', async () => {
    const admin = await signUp(test)
    // A zone whose date is UTC's date plus one (Kiritimati, UTC+14) or minus one (Pago Pago, UTC−11) now.
    const ahead = new Date().getUTCHours() >= 11
    const zone = ahead ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago'
    expect((await putBookSettings(test, admin, { timeZone: zone })).statusCode).toBe(200)
    // Review due on UTC's today (overdue one day ahead) or UTC's yesterday (not yet, a day behind).
    const policy = await policyExpiring(test, admin, shift(today, ahead ? 90 : 89))
    await enterDueRenewals(test.db, new Date(), { agencyId: admin.user.agencyId })
    const list = await test.request({ method: 'GET', url: '/api/renewals', cookie: admin.cookie })
    const renewal = list.json().renewals.find((r: { policyId: string }) => r.policyId === policy.id)
    expect(renewal).toMatchObject({ dueDate: shift(today, ahead ? 0 : -1), overdue: ahead })
  })
})

describe('changing the renewal settings', () => {
  it('works the open renewals’ due dates and at-risk flags out again, for that agency only', async () => {
    const admin = await signUp(test)
    const other = await signUp(test)
    const expiration = addDays(today, 50)
    const policy = await policyExpiring(test, admin, expiration, { premium: 1000 })
    const elsewhere = await policyExpiring(test, other, expiration)
    await enterDueRenewals(test.db, today)
    const renewal = (await renewalOf(test, policy.id))!
    const offer = await test.request({
      method: 'POST',
      url: `/api/renewals/${renewal.id}/offer`,
      cookie: admin.cookie,
      payload: { premium: 1080, termMonths: 12 },
    })
    expect(offer.json()).toMatchObject({ changePercent: 8, atRisk: false, dueDate: addDays(today, -40) })

    // The reinstatement window alone leaves the renewals be.
    expect((await putBookSettings(test, admin, { reinstatementWindowDays: 20 })).statusCode).toBe(200)
    const handler = createRenewalSettingsChangedHandler(test.db, quiet)
    expect(await runQueuedJobs(test, RENEWAL_SETTINGS_CHANGED_JOB, admin.user.agencyId, handler)).toEqual([])

    const saved = await putBookSettings(test, admin, {
      renewalMilestoneDays: { review: 45, remarket_decision: 40, quotes_compared: 35, client_contacted: 10 },
      renewalAtRiskPercent: 5,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(
      await runQueuedJobs(test, RENEWAL_SETTINGS_CHANGED_JOB, admin.user.agencyId, handler),
    ).toHaveLength(1)
    expect(await renewalOf(test, policy.id)).toMatchObject({ dueDate: addDays(today, 5), atRisk: true })
    expect((await renewalOf(test, elsewhere.id))!.dueDate).toBe(addDays(today, -40))
    expect(await applyRenewalSettings(test.db, admin.user.agencyId)).toBe(0)

    const list = await test.request({ method: 'GET', url: '/api/renewals', cookie: admin.cookie })
    expect(list.json().renewals[0]).toMatchObject({ id: renewal.id, atRisk: true, overdue: false })

    // A dollar threshold above the change clears the flag once the percentage is back.
    await putBookSettings(test, admin, { renewalAtRiskPercent: 10, renewalAtRiskDollars: 100 })
    await runQueuedJobs(test, RENEWAL_SETTINGS_CHANGED_JOB, admin.user.agencyId, handler)
    expect((await renewalOf(test, policy.id))!.atRisk).toBe(false)
  })

  it('takes in the policies a longer horizon reaches at once', async () => {
    const admin = await signUp(test)
    const policy = await policyExpiring(test, admin, addDays(today, 200))
    expect(await enterDueRenewals(test.db, today, { agencyId: admin.user.agencyId })).toBe(0)
    expect((await putBookSettings(test, admin, { renewalHorizonDays: 250 })).statusCode).toBe(200)
    const announced = await test.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(
        and(
          eq(jobs.type, POLICIES_WRITTEN_JOB),
          eq(jobs.agencyId, admin.user.agencyId),
          eq(jobs.status, 'queued'),
        ),
      )
    // One for the policy entered, one for the whole agency after the horizon grew.
    expect(announced.map((job) => job.payload)).toEqual(expect.arrayContaining([{ policyId: policy.id }, {}]))
    await runQueuedJobs(
      test,
      POLICIES_WRITTEN_JOB,
      admin.user.agencyId,
      createPoliciesWrittenHandler(test.db),
    )
    expect(await renewalOf(test, policy.id)).toMatchObject({
      stage: 'upcoming',
      dueDate: addDays(today, 110),
    })
  })

  it('refuses bad settings with a message on each field, and keeps the old ones', async () => {
    const admin = await signUp(test)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ renewalHorizonDays: 0 }, 'renewalHorizonDays', T.horizonInvalid],
      [{ renewalHorizonDays: 400 }, 'renewalHorizonDays', T.horizonInvalid],
      [
        { renewalHorizonDays: 80 },
        'renewalMilestoneDays.review',
        'The review cannot come before the renewal enters the pipeline',
      ],
      [
        {
          renewalMilestoneDays: {
            review: 90,
            remarket_decision: 95,
            quotes_compared: 45,
            client_contacted: 30,
          },
        },
        'renewalMilestoneDays.remarket_decision',
        'Each milestone comes after the one before it: fewer days before expiry',
      ],
      [
        {
          renewalMilestoneDays: {
            review: 90,
            remarket_decision: 60,
            quotes_compared: 45,
            client_contacted: 0,
          },
        },
        'renewalMilestoneDays.client_contacted',
        T.milestoneInvalid,
      ],
      [{ renewalAtRiskPercent: 10.5 }, 'renewalAtRiskPercent', T.atRiskPercentInvalid],
      [{ renewalAtRiskPercent: -1 }, 'renewalAtRiskPercent', T.atRiskPercentInvalid],
      [{ renewalAtRiskDollars: 12.345 }, 'renewalAtRiskDollars', T.atRiskDollarsInvalid],
      [{ renewalAtRiskDollars: '500' }, 'renewalAtRiskDollars', T.atRiskDollarsInvalid],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', T.timeZoneInvalid],
      [{ timeZone: '' }, 'timeZone', T.timeZoneInvalid],
    ]
    for (const [changes, path, message] of cases) {
      const response = await putBookSettings(test, admin, changes as never)
      expect(response.statusCode, JSON.stringify(changes)).toBe(400)
      expect(response.json().errors, JSON.stringify(changes)).toEqual([{ path, message }])
    }
    const missing = await putBookSettings(test, admin, {
      renewalMilestoneDays: { review: 90, remarket_decision: 60, quotes_compared: 45 } as never,
    })
    expect(missing.statusCode).toBe(400)
    const read = await test.request({ method: 'GET', url: '/api/settings/book', cookie: admin.cookie })
    expect(read.json().settings).toMatchObject({ renewalHorizonDays: 120, timeZone: 'America/New_York' })
  })
})
