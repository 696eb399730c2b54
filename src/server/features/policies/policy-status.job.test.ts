import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { addClient, catalogueCarriers, enterPolicy, policyInput } from './policies.test-support.ts'
import { applyPolicyStatuses } from './policy-status.job.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const today = new Date().toISOString().slice(0, 10)

describe('the daily status job', () => {
  it('moves policies past their expiration and their cancellation date, once', async () => {
    const user = await signUp(test)
    const client = await addClient(test, user)
    const [carrier] = await catalogueCarriers(test, user)
    const expiring = await enterPolicy(
      test,
      user,
      policyInput(client, carrier!.id, {
        effectiveDate: addDays(today, -345),
        expirationDate: addDays(today, 20),
      }),
    )
    const cancelling = await enterPolicy(
      test,
      user,
      policyInput(client, carrier!.id, {
        effectiveDate: addDays(today, -100),
        expirationDate: addDays(today, 265),
      }),
    )
    await test.request({
      method: 'POST',
      url: `/api/policies/${cancelling.id}/cancel`,
      cookie: user.cookie,
      payload: { effectiveDate: addDays(today, 10), reason: 'non_payment', method: 'pro_rata' },
    })
    const statusOf = async (id: string) =>
      (await test.request({ method: 'GET', url: `/api/policies/${id}`, cookie: user.cookie })).json().status

    expect(await applyPolicyStatuses(test.db, addDays(today, 5))).toBe(0)
    expect(await statusOf(cancelling.id)).toBe('pending_cancellation')
    expect(await applyPolicyStatuses(test.db, addDays(today, 10))).toBeGreaterThanOrEqual(1)
    expect(await statusOf(cancelling.id)).toBe('cancelled')
    expect(await statusOf(expiring.id)).toBe('active')
    await applyPolicyStatuses(test.db, addDays(today, 20))
    expect(await statusOf(expiring.id)).toBe('expired')
    expect(await applyPolicyStatuses(test.db, addDays(today, 20))).toBe(0)
  })
})
