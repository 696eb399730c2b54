import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '#server/db/rows.ts'
import { commissionCents } from '#shared/domain/commission-math.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addCarrier } from '#test/delivery-harness.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { addClient, catalogueCarriers, enterPolicy, policyInput } from '../policies/policies.test-support.ts'
import { bookRow, csvOf, POLICY_HEADER, uploadBook } from '../policy-import/policy-import.test-support.ts'
import { boundRenewal } from '../renewals/renewal-outcomes.test-support.ts'
import { commissionOf, runCommissionJobs, setRate, writeRenewalTerm } from './commissions.test-support.ts'
import { commissionSql } from './expected-commissions.repository.ts'
import { RATE_BATCH } from './write-expected-commissions.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

async function agencyWithCarrier() {
  const admin = await signUp(test)
  const [carrier, other] = await catalogueCarriers(test, admin)
  return { admin, carrier: carrier!, other: other! }
}

async function policyFor(admin: SignedInUser, carrierId: string, overrides: Record<string, unknown> = {}) {
  const client = await addClient(test, admin)
  const policy = await enterPolicy(test, admin, policyInput(client, carrierId, overrides))
  await runCommissionJobs(test, admin.user.agencyId)
  return policy as { id: string }
}

const call = (admin: SignedInUser, url: string, payload: object) =>
  test.request({ method: 'POST', url, cookie: admin.cookie, payload })

describe('expected commission', () => {
  it('resolves the rate in order: the policy override, carrier and line, carrier, agency line, agency', async () => {
    const { admin, carrier, other } = await agencyWithCarrier()
    const from = { effectiveFrom: '2020-01-01' }
    await setRate(test, admin, {
      carrierId: null,
      lineOfBusiness: null,
      newBusinessRate: 5,
      renewalRate: 4,
      ...from,
    })
    await setRate(test, admin, {
      carrierId: null,
      lineOfBusiness: 'property',
      newBusinessRate: 6,
      renewalRate: 4,
      ...from,
    })
    await setRate(test, admin, {
      carrierId: carrier.id,
      lineOfBusiness: null,
      newBusinessRate: 7,
      renewalRate: 4,
      ...from,
    })
    await setRate(test, admin, {
      carrierId: carrier.id,
      lineOfBusiness: 'auto',
      newBusinessRate: 8,
      renewalRate: 4,
      ...from,
    })
    const expected = async (carrierId: string, lineOfBusiness: string) => {
      const policy = await policyFor(admin, carrierId, { lineOfBusiness, annualPremium: 1000 })
      const [row] = (await commissionOf(test, admin, policy.id)).transactions
      return { id: policy.id, row: [row!.rate, row!.rateSource, row!.expectedCommission, row!.status] }
    }
    expect((await expected(carrier.id, 'auto')).row).toEqual([8, 'carrier_line', 80, 'recorded'])
    expect((await expected(carrier.id, 'life')).row).toEqual([7, 'carrier', 70, 'recorded'])
    expect((await expected(other.id, 'property')).row).toEqual([6, 'agency_line', 60, 'recorded'])
    const fallback = await expected(other.id, 'auto')
    expect(fallback.row).toEqual([5, 'agency', 50, 'recorded'])

    const override = await test.request({
      method: 'PUT',
      url: `/api/commissions/policies/${fallback.id}/override`,
      cookie: admin.cookie,
      payload: { newBusinessRate: 9.5, renewalRate: null, effectiveFrom: '2026-01-01' },
    })
    expect(override.statusCode, override.body).toBe(200)
    expect(override.json().transactions[0]).toMatchObject({
      rate: 9.5,
      rateSource: 'policy',
      expectedCommission: 95,
    })
    expect(override.json().override.current).toMatchObject({ newBusinessRate: 9.5, renewalRate: null })
  })

  it('keeps a past term’s rate after the schedule changes, and rates a later term by the new one', async () => {
    const { admin, carrier } = await agencyWithCarrier()
    const key = { carrierId: carrier.id, lineOfBusiness: null }
    await setRate(test, admin, { ...key, newBusinessRate: 15, renewalRate: 12, effectiveFrom: '2025-01-01' })
    const policy = await policyFor(admin, carrier.id, {
      effectiveDate: '2025-03-01',
      expirationDate: '2026-03-01',
      annualPremium: 1000,
    })
    await setRate(test, admin, { ...key, newBusinessRate: 10, renewalRate: 9, effectiveFrom: '2026-01-01' })
    await runCommissionJobs(test, admin.user.agencyId)
    // The renewal term starts after the change: the renewal rate then in force.
    await writeRenewalTerm(test, admin, policy.id, {
      effectiveDate: '2026-03-01',
      termMonths: 12,
      premiumCents: 110_000,
    })
    await runCommissionJobs(test, admin.user.agencyId)
    const { transactions } = await commissionOf(test, admin, policy.id)
    expect(transactions.map((t) => [t.kind, t.rateKind, t.rate, t.expectedCommission])).toEqual([
      ['new_business', 'new_business', 15, 150],
      ['renewal', 'renewal', 9, 99],
    ])
  })

  it('expects an endorsement’s change at the term’s rate and a cancellation’s chargeback below zero', async () => {
    const { admin, carrier } = await agencyWithCarrier()
    await setRate(test, admin, {
      carrierId: carrier.id,
      lineOfBusiness: null,
      newBusinessRate: 12.5,
      renewalRate: 10,
      effectiveFrom: '2025-01-01',
    })
    const policy = await policyFor(admin, carrier.id, { annualPremium: 1234.56 })
    const endorsed = await call(admin, `/api/policies/${policy.id}/endorsements`, {
      effectiveDate: '2026-04-01',
      premiumChange: 98.77,
      description: 'Added a driver',
    })
    expect(endorsed.statusCode, endorsed.body).toBe(201)
    const cancelled = await call(admin, `/api/policies/${policy.id}/cancel`, {
      effectiveDate: '2026-07-01',
      reason: 'insured_request',
      method: 'pro_rata',
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const returned = cancelled.json().returnPremium as number
    // Before the job runs, the page already shows what is about to be recorded.
    const before = await commissionOf(test, admin, policy.id)
    expect(before.transactions.map((t) => t.status)).toEqual(['recorded', 'pending', 'pending'])
    expect(await runCommissionJobs(test, admin.user.agencyId)).toBe(2)
    const after = await commissionOf(test, admin, policy.id)
    expect(after.transactions.map((t) => [t.kind, t.status, t.expectedCommission])).toEqual([
      ['new_business', 'recorded', 154.32],
      ['endorsement', 'recorded', 12.35],
      ['cancellation', 'recorded', commissionCents(-Math.round(returned * 100), 1250) / 100],
    ])
    expect(after.transactions[2]!.expectedCommission).toBeLessThan(0)
    expect(after.totalExpected).toBeCloseTo(154.32 + 12.35 + after.transactions[2]!.expectedCommission!, 2)
    // Each producer's part: the policy's producer, 100% writing, by default.
    expect(after.transactions[2]!.shares).toEqual([
      expect.objectContaining({
        userId: admin.user.id,
        role: 'writing',
        amount: after.transactions[2]!.expectedCommission,
      }),
    ])
  })

  it('rates a bound policy at the new-business rate and its renewal term, renewed through the pipeline, at the renewal rate', async () => {
    const admin = await signUp(test)
    // A carrier the agency sends applications to, as the renewals' own tests make one.
    const carrier = await addCarrier(test, admin, 'email')
    await setRate(test, admin, {
      carrierId: carrier.id,
      lineOfBusiness: null,
      newBusinessRate: 15,
      renewalRate: 11,
      effectiveFrom: '2020-01-01',
    })
    const { policy, renewal } = await boundRenewal(test, admin, { carrierId: carrier.id, premium: 1000 })
    const offered = await call(admin, `/api/renewals/${renewal.id}/offer`, {
      premium: 1080.5,
      termMonths: 12,
    })
    expect(offered.statusCode, offered.body).toBe(200)
    const renewed = await call(admin, `/api/renewals/${renewal.id}/renew`, {})
    expect(renewed.statusCode, renewed.body).toBe(200)
    await runCommissionJobs(test, admin.user.agencyId)
    const { transactions } = await commissionOf(test, admin, policy.id)
    // $1,080.50 at 11% is $118.855: half-up to $118.86.
    expect(transactions.map((t) => [t.kind, t.termNumber, t.rateKind, t.rate, t.expectedCommission])).toEqual(
      [
        ['new_business', 1, 'new_business', 15, 150],
        ['renewal', 2, 'renewal', 11, 118.86],
      ],
    )
  })

  it('writes no row where no rate applies, and writes it once a schedule covers the transaction', async () => {
    const { admin, carrier } = await agencyWithCarrier()
    const policy = await policyFor(admin, carrier.id, { annualPremium: 500 })
    expect((await commissionOf(test, admin, policy.id)).transactions[0]).toMatchObject({
      status: 'no_rate',
      rate: null,
      expectedCommission: null,
    })
    await setRate(test, admin, {
      carrierId: null,
      lineOfBusiness: null,
      newBusinessRate: 10,
      renewalRate: 8,
      effectiveFrom: '2025-01-01',
    })
    expect(await runCommissionJobs(test, admin.user.agencyId)).toBe(1)
    expect((await commissionOf(test, admin, policy.id)).transactions[0]).toMatchObject({
      status: 'recorded',
      rateSource: 'agency',
      expectedCommission: 50,
    })
  })

  it('rounds in SQL exactly as commissionCents does', async () => {
    const cases: [number, number][] = []
    for (const premium of [0, 1, 5, 49, 50, 99_999, 123_456, -5, -4, -123_457, 999_999_999]) {
      for (const bp of [0, 1, 333, 1000, 1250, 1499, 10_000]) cases.push([premium, bp])
    }
    const result = await test.db.execute(sql`
      select ${commissionSql(sql`p`, sql`bp`)}::bigint as cents
      from unnest(${`{${cases.map(([p]) => p).join(',')}}`}::bigint[], ${`{${cases.map(([, b]) => b).join(',')}}`}::int[]) as c(p, bp)`)
    expect(rowsOf<{ cents: string }>(result).map((row) => Number(row.cents))).toEqual(
      cases.map(([premium, bp]) => commissionCents(premium, bp)),
    )
  })
})

describe('the expected commissions job', () => {
  it('rates an imported book in batches, once: a second run writes nothing', async () => {
    const { admin } = await agencyWithCarrier()
    await setRate(test, admin, {
      carrierId: null,
      lineOfBusiness: null,
      newBusinessRate: 10,
      renewalRate: 8,
      effectiveFrom: '2025-01-01',
    })
    await runCommissionJobs(test, admin.user.agencyId)
    const count = RATE_BATCH + 150
    const rows = Array.from({ length: count }, (_, i) => bookRow({ number: `BK-${i}`, premium: 1000 + i }))
    const imported = await uploadBook(test, admin.cookie, 'book.csv', csvOf([POLICY_HEADER, ...rows]))
    expect(imported.statusCode, imported.body).toBe(200)
    expect(imported.json().imported).toBe(count)
    const agencyId = admin.user.agencyId
    const recorded = () =>
      test.db.execute(sql`select count(*)::int as n, sum(amount_cents)::bigint as total
        from expected_commissions where agency_id = ${agencyId}`)
    const audits = () =>
      test.db.execute(sql`select details from audit_events
        where agency_id = ${agencyId} and action = 'commission.expected_recorded' order by created_at`)
    expect(await runCommissionJobs(test, agencyId)).toBeGreaterThan(0)
    const [first] = rowsOf<{ n: number; total: string }>(await recorded())
    expect(first!.n).toBe(count)
    // 10% of 1000 + i dollars: 100 dollars plus a dime a row.
    expect(Number(first!.total)).toBe(count * 10_000 + (10 * count * (count - 1)) / 2)
    const batches = rowsOf<{ details: { written: number } }>(await audits()).map((row) => row.details.written)
    expect(batches).toEqual([RATE_BATCH, 150])

    // The same announcement again (a retried job), and a whole-book catch-up: nothing new.
    await setRate(test, admin, {
      carrierId: null,
      lineOfBusiness: 'life',
      newBusinessRate: 1,
      renewalRate: 1,
    })
    expect(await runCommissionJobs(test, agencyId)).toBe(1)
    expect(rowsOf<{ n: number }>(await recorded())[0]!.n).toBe(count)
    expect(rowsOf(await audits())).toHaveLength(2)
  })
})
