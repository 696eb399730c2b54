import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { addClient, catalogueCarriers, enterPolicy, policyInput } from '../policies/policies.test-support.ts'
import { enterDueRenewals } from './enter-pipeline.job.ts'
import { renewalEvents, renewals } from './renewals.table.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const today = new Date().toISOString().slice(0, 10)

async function bookOf(expiringInDays: number[]) {
  const user = await signUp(test)
  const client = await addClient(test, user)
  const [carrier] = await catalogueCarriers(test, user)
  const ids: string[] = []
  for (const days of expiringInDays) {
    const expirationDate = addDays(today, days)
    const policy = await enterPolicy(
      test,
      user,
      policyInput(client, carrier!.id, { effectiveDate: addDays(expirationDate, -365), expirationDate }),
    )
    ids.push(policy.id)
  }
  return { user, ids }
}

const renewalsOf = (agencyId: string) =>
  test.db.select().from(renewals).where(eq(renewals.agencyId, agencyId)).orderBy(renewals.expirationDate)

describe('the daily renewal pipeline job', () => {
  it('takes in each term expiring within 120 days once, however often it runs', async () => {
    const { user, ids } = await bookOf([30, 120, 121, 300])
    const first = await enterDueRenewals(test.db, today)
    expect(first).toBeGreaterThanOrEqual(2)
    const rows = await renewalsOf(user.user.agencyId)
    expect(rows.map((row) => row.policyId)).toEqual([ids[0], ids[1]])
    expect(rows[0]).toMatchObject({
      stage: 'upcoming',
      assigneeId: user.user.id,
      expirationDate: addDays(today, 30),
      expiringPremiumCents: 120_000,
      // Review is due 90 days before expiry: for a term 30 days away, that was 60 days ago.
      dueDate: addDays(today, -60),
      atRisk: false,
    })
    expect(rows[1]!.dueDate).toBe(addDays(today, 30))

    // Run again the same day, and the next: nothing new until the 121-day term crosses the horizon.
    expect(await enterDueRenewals(test.db, today)).toBe(0)
    expect(await renewalsOf(user.user.agencyId)).toHaveLength(2)
    await enterDueRenewals(test.db, addDays(today, 1))
    const after = await renewalsOf(user.user.agencyId)
    expect(after.map((row) => row.policyId)).toEqual([ids[0], ids[1], ids[2]])

    const events = await test.db
      .select()
      .from(renewalEvents)
      .where(eq(renewalEvents.agencyId, user.user.agencyId))
    expect(events).toHaveLength(3)
    expect(events.every((event) => event.kind === 'entered' && event.toStage === 'upcoming')).toBe(true)
  })

  it('picks up where a run killed midway stopped: one policy first, then the rest, each once', async () => {
    const { user, ids } = await bookOf([10, 20, 40])
    expect(await enterDueRenewals(test.db, today, { policyId: ids[1] })).toBe(1)
    expect(await enterDueRenewals(test.db, today, { agencyId: user.user.agencyId })).toBe(2)
    expect(await enterDueRenewals(test.db, today, { agencyId: user.user.agencyId })).toBe(0)
    expect((await renewalsOf(user.user.agencyId)).map((row) => row.policyId)).toEqual(ids)
  })

  it('leaves out cancelled policies', async () => {
    const { user, ids } = await bookOf([45])
    const cancel = await test.request({
      method: 'POST',
      url: `/api/policies/${ids[0]}/cancel`,
      cookie: user.cookie,
      payload: { effectiveDate: today, reason: 'insured_request', method: 'pro_rata' },
    })
    expect(cancel.statusCode).toBe(200)
    expect(await enterDueRenewals(test.db, today, { agencyId: user.user.agencyId })).toBe(0)
  })

  it('writes agencies that share a batch each with its own audit event', async () => {
    const first = await bookOf([15, 25])
    const second = await bookOf([35])
    await enterDueRenewals(test.db, today)
    for (const [{ user }, count] of [
      [first, 2],
      [second, 1],
    ] as const) {
      const audits = await test.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.agencyId, user.user.agencyId), eq(auditEvents.action, 'renewal.entered')))
      expect(audits).toHaveLength(1)
      expect(audits[0]!.details).toMatchObject({ count, on: today })
    }
  })
})
