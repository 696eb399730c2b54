import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMISSION_TEXTS as T } from '#shared/contracts/commissions-texts.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { addClient, catalogueCarriers, enterPolicy, policyInput } from '../policies/policies.test-support.ts'
import { auditOf, commissionOf, runCommissionJobs, setRate } from './commissions.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

/** An agency with a 10% default, a colleague, and a $1,000.10 policy written by the admin. */
async function scene() {
  const admin = await signUp(test)
  const colleague = await addAgent(test, admin.user.agencyId)
  await setRate(test, admin, {
    carrierId: null,
    lineOfBusiness: null,
    newBusinessRate: 10,
    renewalRate: 8,
    effectiveFrom: '2025-01-01',
  })
  const [carrier] = await catalogueCarriers(test, admin)
  const client = await addClient(test, admin)
  const policy = await enterPolicy(test, admin, policyInput(client, carrier!.id, { annualPremium: 1000.1 }))
  await runCommissionJobs(test, admin.user.agencyId)
  return { admin, colleague, policyId: policy.id as string }
}

const putSplit = (user: SignedInUser, policyId: string, payload: object) =>
  test.request({
    method: 'PUT',
    url: `/api/commissions/policies/${policyId}/split`,
    cookie: user.cookie,
    payload,
  })

describe('producer splits', () => {
  it('starts from the policy’s producer, 100% writing, from the policy’s first day', async () => {
    const { admin, policyId } = await scene()
    const { split, transactions } = await commissionOf(test, admin, policyId)
    expect(split.current).toMatchObject({
      effectiveFrom: '2026-01-01',
      isDefault: true,
      producers: [{ userId: admin.user.id, name: 'Casey Morgan', role: 'writing', percent: 100 }],
    })
    expect(transactions[0]!.shares).toEqual([
      { userId: admin.user.id, name: 'Casey Morgan', role: 'writing', percent: 100, amount: 100.01 },
    ])
  })

  it('changes from a date on: earlier transactions keep their split, later ones take the new one', async () => {
    const { admin, colleague, policyId } = await scene()
    const set = await putSplit(admin, policyId, {
      effectiveFrom: '2026-03-01',
      producers: [
        { userId: admin.user.id, role: 'writing', percent: 66.67 },
        { userId: colleague.user.id, role: 'servicing', percent: 33.33 },
      ],
    })
    expect(set.statusCode, set.body).toBe(200)
    const endorsed = await test.request({
      method: 'POST',
      url: `/api/policies/${policyId}/endorsements`,
      cookie: admin.cookie,
      payload: { effectiveDate: '2026-04-01', premiumChange: 100.01, description: 'Added a car' },
    })
    expect(endorsed.statusCode, endorsed.body).toBe(201)
    await runCommissionJobs(test, admin.user.agencyId)
    const { transactions, split } = await commissionOf(test, admin, policyId)
    // The January new business keeps its 100% split.
    expect(transactions[0]!.shares.map((share) => [share.userId, share.amount])).toEqual([
      [admin.user.id, 100.01],
    ])
    // $10.00 at 66.67/33.33: 6.667 and 3.333 → 6 and 3, the leftover cent to the larger fraction.
    expect(transactions[1]).toMatchObject({ kind: 'endorsement', expectedCommission: 10 })
    expect(transactions[1]!.shares.map((share) => [share.role, share.percent, share.amount])).toEqual([
      ['writing', 66.67, 6.67],
      ['servicing', 33.33, 3.33],
    ])
    expect(split.history.map((row) => [row.effectiveFrom, row.isDefault])).toEqual([
      ['2026-03-01', false],
      ['2026-01-01', true],
    ])
    const [event] = await auditOf(test, admin.user.agencyId, 'commission.split_set')
    expect(event?.details).toMatchObject({
      effectiveFrom: '2026-03-01',
      producers: [
        { userId: admin.user.id, role: 'writing', shareBp: 6667 },
        { userId: colleague.user.id, role: 'servicing', shareBp: 3333 },
      ],
    })
  })

  it('refuses a split that does not add up to 100, repeats a producer or names someone outside the agency', async () => {
    const { admin, colleague, policyId } = await scene()
    const fieldsOf = async (payload: object) => {
      const response = await putSplit(admin, policyId, payload)
      expect(response.statusCode, response.body).toBe(400)
      return response.json().errors as { path: string; message: string }[]
    }
    expect(
      await fieldsOf({
        producers: [
          { userId: admin.user.id, role: 'writing', percent: 60 },
          { userId: colleague.user.id, role: 'servicing', percent: 30 },
        ],
      }),
    ).toEqual([{ path: 'producers', message: T.splitTotal.replace('{total}', '90') }])
    expect(
      await fieldsOf({
        producers: [
          { userId: admin.user.id, role: 'writing', percent: 50 },
          { userId: admin.user.id, role: 'servicing', percent: 50 },
        ],
      }),
    ).toEqual([{ path: 'producers.1.userId', message: T.splitDuplicate }])
    expect(await fieldsOf({ producers: [] })).toEqual([{ path: 'producers', message: T.splitEmpty }])
    expect(
      await fieldsOf({ producers: [{ userId: admin.user.id, role: 'writing', percent: 100.001 }] }),
    ).toContainEqual({ path: 'producers.0.percent', message: T.shareInvalid })
    const outsider = await signUp(test)
    expect(
      await fieldsOf({
        producers: [
          { userId: admin.user.id, role: 'writing', percent: 50 },
          { userId: outsider.user.id, role: 'servicing', percent: 50 },
        ],
      }),
    ).toEqual([{ path: 'producers.1.userId', message: T.unknownProducer }])
    expect(await auditOf(test, admin.user.agencyId, 'commission.split_set')).toEqual([])
  })

  it('lets an agent read a policy’s commission but not change its split or override', async () => {
    const { admin, colleague, policyId } = await scene()
    const read = await commissionOf(test, colleague, policyId)
    expect(read.canEdit).toBe(false)
    const split = await putSplit(colleague, policyId, {
      producers: [{ userId: colleague.user.id, role: 'writing', percent: 100 }],
    })
    expect(split.statusCode).toBe(403)
    const override = await test.request({
      method: 'PUT',
      url: `/api/commissions/policies/${policyId}/override`,
      cookie: colleague.cookie,
      payload: { newBusinessRate: 50, renewalRate: 50 },
    })
    expect(override.statusCode).toBe(403)
    expect((await commissionOf(test, admin, policyId)).override.current).toBeNull()
  })

  it('audits an override and rates the policy’s terms from its day again; clearing it falls back to the schedule', async () => {
    const { admin, policyId } = await scene()
    const put = (payload: object) =>
      test.request({
        method: 'PUT',
        url: `/api/commissions/policies/${policyId}/override`,
        cookie: admin.cookie,
        payload,
      })
    const bad = await put({ newBusinessRate: -1, renewalRate: 'x' })
    expect(bad.statusCode).toBe(400)
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['newBusinessRate', 'renewalRate'])
    // From a day after the term began: this term keeps the schedule's rate.
    const later = await put({ newBusinessRate: 20, renewalRate: 18, effectiveFrom: '2026-02-01' })
    expect(later.json().transactions[0]).toMatchObject({ rateSource: 'agency', expectedCommission: 100.01 })
    const from = await put({ newBusinessRate: 20, renewalRate: 18, effectiveFrom: '2026-01-01' })
    expect(from.json().transactions[0]).toMatchObject({
      rate: 20,
      rateSource: 'policy',
      expectedCommission: 200.02,
    })
    const cleared = await put({ newBusinessRate: null, renewalRate: null, effectiveFrom: '2026-01-01' })
    expect(cleared.json().transactions[0]).toMatchObject({
      rate: 10,
      rateSource: 'agency',
      expectedCommission: 100.01,
    })
    // Dated rows: the clearing row from January hides January's override, not February's, which
    // still applies to terms from February on.
    expect(cleared.json().override.current).toMatchObject({
      effectiveFrom: '2026-02-01',
      newBusinessRate: 20,
    })
    expect(cleared.json().override.history).toHaveLength(3)
    const events = await auditOf(test, admin.user.agencyId, 'commission.override_set')
    expect(events.map((event) => event.details)).toMatchObject([
      { effectiveFrom: '2026-02-01', newBusinessBp: 2000, rerated: 0 },
      { effectiveFrom: '2026-01-01', newBusinessBp: 2000, rerated: 1 },
      { effectiveFrom: '2026-01-01', newBusinessBp: null, rerated: 1 },
    ])
  })
})
