import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { renewalFor as renewalIn, today as todayDate } from './renewals.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const today = todayDate()
const renewalFor = (user: SignedInUser, days: number, premium?: number) =>
  renewalIn(test, user, days, premium)

const patch = (user: SignedInUser, id: string, payload: object) =>
  test.request({ method: 'PATCH', url: `/api/renewals/${id}`, cookie: user.cookie, payload })

describe('renewals', () => {
  it('lists a policy entered inside the horizon as upcoming, with its review overdue when past', async () => {
    const user = await signUp(test)
    const { policy, renewal } = await renewalFor(user, 40)
    expect(renewal).toMatchObject({
      policyId: policy.id,
      policyNumber: policy.policyNumber,
      insuredName: 'Maria Gonzalez',
      stage: 'upcoming',
      assigneeId: user.user.id,
      nextMilestone: 'review',
      dueDate: addDays(today, -50),
      overdue: true,
      expiringPremium: 1000,
      offer: null,
      atRisk: false,
    })
  })

  it('assigns, records an offer at +15% that puts it at risk and on top, and keeps every move', async () => {
    const user = await signUp(test)
    const colleague = await addAgent(test, user.user.agencyId)
    const first = await renewalFor(user, 100)
    const second = await renewalFor(user, 110, 2000)

    const assigned = await patch(user, second.renewal.id, {
      assigneeId: colleague.user.id,
      stage: 'in_review',
    })
    expect(assigned.statusCode).toBe(200)
    expect(assigned.json()).toMatchObject({
      assigneeName: 'Alex Colleague',
      stage: 'in_review',
      nextMilestone: 'remarket_decision',
      dueDate: addDays(today, 50),
    })

    const offer = await test.request({
      method: 'POST',
      url: `/api/renewals/${second.renewal.id}/offer`,
      cookie: user.cookie,
      payload: { premium: 2300, termMonths: 12, changes: 'Wind deductible now 2%' },
    })
    expect(offer.statusCode).toBe(200)
    expect(offer.json()).toMatchObject({
      offer: {
        premium: 2300,
        termMonths: 12,
        effectiveDate: addDays(today, 110),
        changes: 'Wind deductible now 2%',
      },
      changeAmount: 300,
      changePercent: 15,
      atRisk: true,
    })
    const list = await test.request({ method: 'GET', url: '/api/renewals', cookie: user.cookie })
    expect(list.json().renewals.map((r: { id: string }) => r.id)).toEqual([
      second.renewal.id,
      first.renewal.id,
    ])

    const one = await test.request({
      method: 'GET',
      url: `/api/renewals/${second.renewal.id}`,
      cookie: user.cookie,
    })
    expect(one.json().history.map((event: { kind: string }) => event.kind)).toEqual([
      'entered',
      'assigned',
      'stage',
      'offer',
    ])
    const byColleague = await test.request({
      method: 'GET',
      url: `/api/renewals?assigneeId=${colleague.user.id}`,
      cookie: user.cookie,
    })
    expect(byColleague.json().renewals.map((r: { id: string }) => r.id)).toEqual([second.renewal.id])
  })

  it('closes a lost renewal with its reason, and the policy ends non-renewed at expiry', async () => {
    const user = await signUp(test)
    const { policy, renewal } = await renewalFor(user, 60)
    const noReason = await patch(user, renewal.id, { stage: 'lost' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().errors).toEqual([{ path: 'lostReason', message: 'Say why the renewal was lost' }])
    const viaPatch = await patch(user, renewal.id, { stage: 'renewed' })
    expect(viaPatch.statusCode).toBe(400)

    const lost = await patch(user, renewal.id, { stage: 'lost', lostReason: 'price' })
    expect(lost.json()).toMatchObject({ stage: 'lost', lostReason: 'price', dueDate: null, overdue: false })
    const again = await patch(user, renewal.id, { stage: 'in_review' })
    expect(again.statusCode).toBe(400)
    expect(again.json().errors[0].message).toBe('This renewal is already lost; it cannot change')

    const { applyPolicyStatuses } = await import('../policies/policy-status.job.ts')
    await applyPolicyStatuses(test.db, addDays(today, 60))
    const after = await test.request({
      method: 'GET',
      url: `/api/policies/${policy.id}`,
      cookie: user.cookie,
    })
    expect(after.json().status).toBe('non_renewed')
  })

  it('refuses bad input with field messages and a bad cursor without a 500', async () => {
    const user = await signUp(test)
    const { renewal } = await renewalFor(user, 30)
    const offer = await test.request({
      method: 'POST',
      url: `/api/renewals/${renewal.id}/offer`,
      cookie: user.cookie,
      payload: { premium: -5, termMonths: 7 },
    })
    expect(offer.statusCode).toBe(400)
    expect(
      offer
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['premium', 'termMonths'])
    const stranger = await patch(user, renewal.id, { assigneeId: '00000000-0000-4000-8000-000000000000' })
    expect(stranger.statusCode).toBe(400)
    const cursor = await test.request({
      method: 'GET',
      url: '/api/renewals?cursor=bm9wZQ',
      cookie: user.cookie,
    })
    expect(cursor.statusCode).toBe(400)
    const due = await test.request({
      method: 'GET',
      url: '/api/renewals?dueBefore=2026-02-31',
      cookie: user.cookie,
    })
    expect(due.statusCode).toBe(400)
  })

  it('answers 401 without a session and 404 for another agency’s renewal, as for a missing one', async () => {
    for (const [method, url] of [
      ['GET', '/api/renewals'],
      ['GET', '/api/renewals/00000000-0000-4000-8000-000000000000'],
      ['PATCH', '/api/renewals/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/renewals/00000000-0000-4000-8000-000000000000/offer'],
    ] as const) {
      expect((await test.request({ method, url })).statusCode, `${method} ${url}`).toBe(401)
    }
    const create = async (_: TestApp, owner: SignedInUser) =>
      (await renewalFor(owner, 50)).renewal.id as string
    await expectOtherAgencyGets404(test, [
      { method: 'GET', url: (id) => `/api/renewals/${id}`, create },
      { method: 'PATCH', url: (id) => `/api/renewals/${id}`, payload: { stage: 'in_review' }, create },
      {
        method: 'POST',
        url: (id) => `/api/renewals/${id}/offer`,
        payload: { premium: 10, termMonths: 12 },
        create,
      },
    ])
  })
})
