import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '#server/platform/jobs.table.ts'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import {
  backdatePeriod,
  checkout,
  checkoutIdOf,
  current,
  eventsOf,
  payTestCheckout,
  subscribe,
} from '#test/billing.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, signUp } from '#test/factories.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { billingInvoices } from './billing-records.table.ts'
import { createPeriodEndHandler, endDuePeriods, PERIOD_END_JOB } from './period-end.job.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const invoicesOf = (agencyId: string) =>
  test.db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.agencyId, agencyId))
    .orderBy(billingInvoices.number)

describe('plan changes in test mode', () => {
  it('refuses a checkout for the current plan, an unknown plan or an unknown period', async () => {
    const user = await signUp(test)
    await subscribe(test, user, 'starter')
    const same = await checkout(test, user, { planCode: 'starter', billingPeriod: 'monthly' }, 400)
    expect(same.errors).toEqual([{ path: 'planCode', message: SUBSCRIPTION_TEXTS.currentPlanCheckout }])
    const period = await checkout(test, user, { planCode: 'professional', billingPeriod: 'weekly' }, 400)
    expect(period.errors).toEqual([{ path: 'billingPeriod', message: 'Choose monthly or yearly billing' }])
    const plan = await checkout(test, user, { planCode: 'gold' }, 400)
    expect(plan.errors).toEqual([{ path: 'planCode', message: 'Choose one of the plans' }])
  })

  it('lets only an agency admin change or cancel the plan (an agent gets 403)', async () => {
    const admin = await signUp(test)
    await subscribe(test, admin, 'starter')
    const { url } = await checkout(test, admin, { planCode: 'professional', billingPeriod: 'monthly' })
    const agent = await addAgent(test, admin.user.agencyId)
    for (const [method, path, payload] of [
      ['POST', '/api/subscription/checkout', { planCode: 'executive', billingPeriod: 'monthly' }],
      ['POST', '/api/subscription/cancel', undefined],
      ['POST', `/api/subscription/test-checkout/${checkoutIdOf(url)}/pay`, undefined],
      ['POST', '/api/billing/portal', undefined],
    ] as const) {
      const response = await test.request({
        method,
        url: path,
        cookie: agent.cookie,
        ...(payload ? { payload } : {}),
      })
      expect(response.statusCode, path).toBe(403)
    }
    expect(await current(test, agent)).toMatchObject({
      subscriptionTier: 'starter',
      cancelAtPeriodEnd: false,
    })
    expect(await auditActionsOf(test, agent.user.id)).toContain('authz.denied')
  })

  it('leaves one plan when two upgrades race', async () => {
    const user = await signUp(test)
    const { agencyId } = user.user
    await subscribe(test, user, 'starter')
    const ids = await Promise.all(
      ['professional', 'enterprise'].map(async (planCode) =>
        checkoutIdOf((await checkout(test, user, { planCode, billingPeriod: 'monthly' })).url),
      ),
    )
    const answers = await Promise.all(
      ids.map((id) =>
        test.request({
          method: 'POST',
          url: `/api/subscription/test-checkout/${id}/pay`,
          cookie: user.cookie,
        }),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const refused = answers.find((a) => a.statusCode === 409)!
    expect(refused.json()).toEqual({ message: SUBSCRIPTION_TEXTS.planChangedSinceCheckout })
    const won = answers[0]!.statusCode === 200 ? 'professional' : 'enterprise'
    expect((await current(test, user)).subscriptionTier).toBe(won)
    expect((await eventsOf(test, agencyId)).filter((e) => e.type === 'upgraded')).toHaveLength(1)
    expect(await invoicesOf(agencyId)).toHaveLength(2)
  })

  it('answers a checkout repeated with its idempotency key with the same checkout', async () => {
    const user = await signUp(test)
    const body = { planCode: 'starter', billingPeriod: 'yearly', idempotencyKey: 'retry-key-0001' }
    const [first, second] = await Promise.all([checkout(test, user, body), checkout(test, user, body)])
    expect(second).toEqual(first)
    const again = await checkout(test, user, body)
    expect(again).toEqual(first)
    const other = await checkout(test, user, { ...body, planCode: 'executive' }, 409)
    expect(other).toEqual({ message: SUBSCRIPTION_TEXTS.idempotencyKeyReused })
    await payTestCheckout(test, user, checkoutIdOf(first.url))
    expect((await current(test, user)).subscriptionTier).toBe('starter')
    expect(await eventsOf(test, user.user.agencyId)).toHaveLength(1)
  })

  it('runs the period end every hour as a job: renews what is due and books its next run', async () => {
    const user = await signUp(test)
    const { agencyId } = user.user
    await subscribe(test, user, 'starter')
    const { subscriptionEndsAt } = await current(test, user)
    await backdatePeriod(test, agencyId, 31)
    await createPeriodEndHandler(test.db, { renew: true })({} as never)
    const renewed = await current(test, user)
    expect(new Date(renewed.subscriptionEndsAt).getTime()).toBeGreaterThan(Date.now())
    expect(renewed.subscriptionEndsAt).not.toBe(subscriptionEndsAt)
    const [next] = await test.db.select().from(jobs).where(eq(jobs.singletonKey, PERIOD_END_JOB))
    expect(next!.runAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000)
  })

  it('ends a test-mode plan at its period’s end once Stripe bills instead', async () => {
    const user = await signUp(test)
    await subscribe(test, user, 'professional')
    await backdatePeriod(test, user.user.agencyId, 31)
    await endDuePeriods(test.db, { renew: false })
    expect(await current(test, user)).toMatchObject({ subscriptionTier: 'free', monthlyApplicationLimit: 5 })
    expect((await eventsOf(test, user.user.agencyId)).map((e) => e.type)).toEqual(['started', 'cancelled'])
  })

  it('refuses the provider portal in test mode', async () => {
    const user = await signUp(test)
    const response = await test.request({ method: 'POST', url: '/api/billing/portal', cookie: user.cookie })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: SUBSCRIPTION_TEXTS.portalUnavailable })
  })
})
