import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { payTestCheckout } from '#test/billing.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

async function startCheckout(user: SignedInUser, planCode = 'professional', billingPeriod = 'monthly') {
  const response = await test.request({
    method: 'POST',
    url: '/api/subscription/checkout',
    cookie: user.cookie,
    payload: { planCode, billingPeriod },
  })
  expect(response.statusCode, response.body).toBe(200)
  const url: string = response.json().url
  return url.split('/').pop()!
}

describe('GET /api/subscription/plans', () => {
  it('lists the five plans of the spec to visitors', async () => {
    const response = await test.request({ method: 'GET', url: '/api/subscription/plans' })
    const plans = response.json().data
    expect(plans.map((p: { code: string }) => p.code)).toEqual([
      'free',
      'starter',
      'professional',
      'enterprise',
      'executive',
    ])
    expect(plans.map((p: { monthlyPrice: string }) => p.monthlyPrice)).toEqual([
      '0.00',
      '29.99',
      '49.99',
      '64.99',
      '424.99',
    ])
    expect(plans.map((p: { yearlyPrice: string }) => p.yearlyPrice)).toEqual([
      '0.00',
      '299.99',
      '499.99',
      '649.99',
      '4249.99',
    ])
    expect(plans.map((p: { monthlyApplicationLimit: number }) => p.monthlyApplicationLimit)).toEqual([
      5, 50, 200, 1000, 10000,
    ])
  })
})

describe('test checkout', () => {
  it('activates the paid plan on Pay and sends the browser to /success', async () => {
    const user = await signUp(test, { selectedPlan: 'professional' })
    expect(user.user.subscriptionTier).toBe('free')
    const id = await startCheckout(user)
    const session = await test.request({
      method: 'GET',
      url: `/api/subscription/test-checkout/${id}`,
      cookie: user.cookie,
    })
    expect(session.json()).toEqual({
      id,
      planCode: 'professional',
      planName: 'Professional',
      billingPeriod: 'monthly',
      amount: 49.99,
      kind: 'new',
      status: 'open',
      testMode: true,
    })
    const paid = await test.request({
      method: 'POST',
      url: `/api/subscription/test-checkout/${id}/pay`,
      cookie: user.cookie,
    })
    expect(paid.json()).toEqual({ redirectUrl: `/success?session_id=${id}&plan=professional` })
    const me = await test.request({ method: 'GET', url: '/api/auth/user', cookie: user.cookie })
    expect(me.json()).toMatchObject({
      subscriptionTier: 'professional',
      subscriptionStatus: 'active',
      monthlyApplicationLimit: 200,
    })
    const events = await test.db.select().from(auditEvents).where(eq(auditEvents.entityId, id))
    expect(events.map((e) => e.action).sort()).toEqual([
      'billing.checkout_started',
      'billing.subscription_activated',
    ])

    const again = await test.request({
      method: 'POST',
      url: `/api/subscription/test-checkout/${id}/pay`,
      cookie: user.cookie,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: SUBSCRIPTION_TEXTS.checkoutNotOpen })
  })

  it('changes nothing on Cancel and sends the browser to /cancel', async () => {
    const user = await signUp(test)
    const id = await startCheckout(user, 'starter', 'yearly')
    const cancelled = await test.request({
      method: 'POST',
      url: `/api/subscription/test-checkout/${id}/cancel`,
      cookie: user.cookie,
    })
    expect(cancelled.json()).toEqual({ redirectUrl: '/cancel' })
    const me = await test.request({ method: 'GET', url: '/api/auth/user', cookie: user.cookie })
    expect(me.json().subscriptionTier).toBe('free')
    const pay = await test.request({
      method: 'POST',
      url: `/api/subscription/test-checkout/${id}/pay`,
      cookie: user.cookie,
    })
    expect(pay.statusCode).toBe(409)
  })

  it('refuses a checkout for the free plan or an unknown plan', async () => {
    const user = await signUp(test)
    const free = await test.request({
      method: 'POST',
      url: '/api/subscription/checkout',
      cookie: user.cookie,
      payload: { planCode: 'free', billingPeriod: 'monthly' },
    })
    expect(free.statusCode).toBe(400)
    expect(free.json().errors).toEqual([{ path: 'planCode', message: SUBSCRIPTION_TEXTS.freePlanCheckout }])
    const unknown = await test.request({
      method: 'POST',
      url: '/api/subscription/checkout',
      cookie: user.cookie,
      payload: { planCode: 'platinum' },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors[0]).toEqual({ path: 'planCode', message: 'Choose one of the plans' })
  })

  it("answers 404 for another agency's checkout", async () => {
    const create = (_test: TestApp, owner: SignedInUser) => startCheckout(owner)
    await expectOtherAgencyGets404(test, [
      { method: 'GET', url: (id) => `/api/subscription/test-checkout/${id}`, create },
      { method: 'POST', url: (id) => `/api/subscription/test-checkout/${id}/pay`, create },
      { method: 'POST', url: (id) => `/api/subscription/test-checkout/${id}/cancel`, create },
      {
        method: 'GET',
        url: (id) => `/api/subscription/invoices/${id}/receipt`,
        create: async (_test, owner) => {
          await payTestCheckout(test, owner, await startCheckout(owner, 'starter'))
          const list = await test.request({
            method: 'GET',
            url: '/api/subscription/invoices',
            cookie: owner.cookie,
          })
          return list.json().data[0].id
        },
      },
    ])
  })
})
