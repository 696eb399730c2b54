import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { checkout, current, eventsOf } from '#test/billing.ts'
import type { TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import type { FakeStripe } from '#test/fake-stripe.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { buildStripeTestApp, deliverAll } from '#test/stripe-harness.ts'

let test: TestApp
let fake: FakeStripe
beforeAll(async () => {
  ;({ test, fake } = await buildStripeTestApp())
})
afterAll(() => test.close())

const DAY_S = 86_400
const sessionOf = (url: string) => fake.state.sessions.get(url.split('/').pop()!)!
const postsTo = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path)

/** Free to a paid plan on Stripe: Checkout, the customer pays, Stripe's events delivered. */
async function subscribeOnStripe(user: SignedInUser, planCode: string, startedDaysAgo = 0) {
  const { url } = await checkout(test, user, { planCode, billingPeriod: 'monthly' })
  const paid = fake.state.completeCheckout(sessionOf(url).id, {
    startedAt: fake.state.now() - startedDaysAgo * DAY_S,
  })
  await deliverAll(test, paid.events)
  return paid.subscription
}

describe('Stripe Checkout', () => {
  it('opens a subscription-mode session with the plan’s price, found by lookup key and made on first use', async () => {
    fake.state.prices.set('price_existing', {
      id: 'price_existing',
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: 4999,
      lookup_key: 'backoffice_professional_monthly',
      recurring: { interval: 'month', interval_count: 1 },
      metadata: {},
    })
    fake.state.prices.set('price_stale', {
      id: 'price_stale',
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: 5999,
      lookup_key: 'backoffice_enterprise_monthly',
      recurring: { interval: 'month', interval_count: 1 },
      metadata: {},
    })
    const user = await signUp(test)
    const answer = await checkout(test, user, { planCode: 'starter', billingPeriod: 'monthly' })
    expect(answer).toMatchObject({ change: 'checkout', effectiveAt: null })
    expect(answer.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/)
    const session = sessionOf(answer.url)
    const starter = [...fake.state.prices.values()].find(
      (p) => p.lookup_key === 'backoffice_starter_monthly',
    )!
    expect(starter).toMatchObject({ unit_amount: 2999, currency: 'usd', recurring: { interval: 'month' } })
    expect(session).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: starter.id, quantity: '1' }],
      metadata: { agency_id: user.user.agencyId, plan_code: 'starter', billing_period: 'monthly' },
      success_url: `http://app.test/success?session_id=${session.id}&plan=starter`,
      cancel_url: 'http://app.test/cancel',
    })
    expect(fake.state.customers.get(session.customer)?.metadata).toEqual({ agency_id: user.user.agencyId })

    const other = await signUp(test)
    const professional = sessionOf(
      (await checkout(test, other, { planCode: 'professional', billingPeriod: 'monthly' })).url,
    )
    expect(professional.line_items[0].price).toBe('price_existing')
    const enterprise = sessionOf(
      (await checkout(test, other, { planCode: 'enterprise', billingPeriod: 'monthly' })).url,
    )
    const replacement = fake.state.prices.get(enterprise.line_items[0].price)!
    expect(replacement).toMatchObject({ unit_amount: 6499, lookup_key: 'backoffice_enterprise_monthly' })
    expect(fake.state.prices.get('price_stale')!.lookup_key).toBeNull()
    expect(postsTo('/v1/prices')).toHaveLength(2)
    // One customer for the agency however many checkouts it opens.
    expect(professional.customer).toBe(enterprise.customer)
    expect(fake.requests.filter((r) => r.method === 'POST').every((r) => r.idempotencyKey)).toBe(true)
  })

  it('makes one session and one subscription when a checkout is retried with its idempotency key', async () => {
    const user = await signUp(test)
    const before = postsTo('/v1/checkout/sessions').length
    fake.dropAnswerOnce('POST', '/v1/checkout/sessions')
    const body = { planCode: 'starter', billingPeriod: 'monthly', idempotencyKey: 'browser-retry-0001' }
    const first = await checkout(test, user, body)
    const attempts = postsTo('/v1/checkout/sessions').slice(before)
    // The SDK tried again after the dropped answer, with the same key: Stripe answered the same session.
    expect(attempts).toHaveLength(2)
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1)
    const again = await checkout(test, user, body)
    expect(again).toEqual(first)
    const sessions = [...fake.state.sessions.values()].filter(
      (s) => s.metadata.agency_id === user.user.agencyId,
    )
    expect(sessions).toHaveLength(1)
    const paid = fake.state.completeCheckout(sessions[0]!.id)
    await deliverAll(test, [...paid.events, ...paid.events])
    expect(await current(test, user)).toMatchObject({
      subscriptionTier: 'starter',
      testMode: false,
      portalAvailable: true,
    })
    expect(await eventsOf(test, user.user.agencyId)).toEqual([
      { type: 'started', from: 'free', to: 'starter', amountCents: 2999, chargedCents: 2999 },
    ])
  })

  it('answers 502 and changes nothing while Stripe is unavailable', async () => {
    const user = await signUp(test)
    fake.failPath('POST', '/v1/checkout/sessions')
    try {
      const answer = await checkout(test, user, { planCode: 'executive', billingPeriod: 'yearly' }, 502)
      expect(answer).toEqual({ message: SUBSCRIPTION_TEXTS.providerUnavailable })
    } finally {
      fake.failPath('POST', null)
    }
    expect((await current(test, user)).subscriptionTier).toBe('free')
  })
})

describe('plan changes on Stripe', () => {
  it('upgrades at once, prorated, and the event that follows changes nothing more', async () => {
    const user = await signUp(test)
    const subscription = await subscribeOnStripe(user, 'starter')
    const answer = await checkout(test, user, { planCode: 'professional', billingPeriod: 'monthly' })
    expect(answer).toEqual({ url: '/subscription', change: 'upgraded', effectiveAt: null })
    expect(await current(test, user)).toMatchObject({
      subscriptionTier: 'professional',
      monthlyApplicationLimit: 200,
    })
    const item = subscription.items.data[0]
    expect(fake.state.subscriptions.get(subscription.id)!.items.data[0].price.lookup_key).toBe(
      'backoffice_professional_monthly',
    )
    const update = postsTo(`/v1/subscriptions/${subscription.id}`).at(-1)!
    expect(update.body).toMatchObject({ proration_behavior: 'always_invoice', items: [{ id: item.id }] })
    const events = await eventsOf(test, user.user.agencyId)
    expect(events.at(-1)).toMatchObject({ type: 'upgraded', to: 'professional', amountCents: 4999 })
    expect(events.at(-1)!.chargedCents).toBeGreaterThan(1990)
    expect(events.at(-1)!.chargedCents).toBeLessThanOrEqual(2000)
    await deliverAll(test, [
      fake.state.event('customer.subscription.updated', fake.state.subscriptions.get(subscription.id)!),
    ])
    expect(await eventsOf(test, user.user.agencyId)).toHaveLength(events.length)
  })

  it('leaves one plan when two upgrades race (the second is refused while the first is with Stripe)', async () => {
    const user = await signUp(test)
    const subscription = await subscribeOnStripe(user, 'starter')
    fake.slowPath('POST', `/v1/subscriptions/${subscription.id}`, 300)
    const answers = await Promise.all(
      ['professional', 'enterprise'].map((planCode) =>
        test.request({
          method: 'POST',
          url: '/api/subscription/checkout',
          cookie: user.cookie,
          payload: { planCode, billingPeriod: 'monthly' },
        }),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      message: SUBSCRIPTION_TEXTS.changeInProgress,
    })
    const onStripe = fake.state.subscriptions.get(subscription.id)!.items.data[0].price.lookup_key
    const { subscriptionTier } = await current(test, user)
    expect(onStripe).toBe(`backoffice_${subscriptionTier}_monthly`)
    expect(subscriptionTier).not.toBe('starter')
    expect((await eventsOf(test, user.user.agencyId)).filter((e) => e.type === 'upgraded')).toHaveLength(1)
    // The change is over: the next one goes ahead.
    await checkout(test, user, { planCode: 'executive', billingPeriod: 'monthly' })
    expect((await current(test, user)).subscriptionTier).toBe('executive')
  })

  it('downgrades through a subscription schedule at the period’s end', async () => {
    const user = await signUp(test)
    const subscription = await subscribeOnStripe(user, 'enterprise', 31)
    const answer = await checkout(test, user, { planCode: 'starter', billingPeriod: 'monthly' })
    expect(answer.change).toBe('scheduled')
    const stored = fake.state.subscriptions.get(subscription.id)!
    const schedule = fake.state.schedules.get(stored.schedule)!
    expect(
      schedule.phases.map(
        (p: { items: { price: string }[] }) => fake.state.prices.get(p.items[0]!.price)?.lookup_key,
      ),
    ).toEqual(['backoffice_enterprise_monthly', 'backoffice_starter_monthly'])
    await deliverAll(test, [fake.state.event('customer.subscription.updated', stored)])
    expect(await current(test, user)).toMatchObject({
      subscriptionTier: 'enterprise',
      pendingChange: { planCode: 'starter' },
    })
    await deliverAll(test, fake.state.endPeriod(subscription.id))
    expect(await current(test, user)).toMatchObject({
      subscriptionTier: 'starter',
      monthlyApplicationLimit: 50,
      applicationsUsedThisMonth: 0,
      pendingChange: null,
    })
    expect((await eventsOf(test, user.user.agencyId)).map((e) => e.type)).toEqual(['started', 'downgraded'])
  })

  it('cancels at the period’s end on Stripe, and the deletion then puts the agency on Free', async () => {
    const user = await signUp(test)
    const subscription = await subscribeOnStripe(user, 'professional')
    const cancel = await test.request({
      method: 'POST',
      url: '/api/subscription/cancel',
      cookie: user.cookie,
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(fake.state.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true)
    expect(await current(test, user)).toMatchObject({
      subscriptionTier: 'professional',
      cancelAtPeriodEnd: true,
    })
    await deliverAll(test, fake.state.endPeriod(subscription.id))
    expect(await current(test, user)).toMatchObject({ subscriptionTier: 'free', subscriptionEndsAt: null })
    expect((await eventsOf(test, user.user.agencyId)).map((e) => e.type)).toEqual(['started', 'cancelled'])
  })

  it('opens the Customer Portal for an agency with a Stripe customer', async () => {
    const user = await signUp(test)
    const none = await test.request({ method: 'POST', url: '/api/billing/portal', cookie: user.cookie })
    expect(none.statusCode).toBe(409)
    expect(none.json()).toEqual({ message: SUBSCRIPTION_TEXTS.portalNoCustomer })
    await subscribeOnStripe(user, 'starter')
    const portal = await test.request({ method: 'POST', url: '/api/billing/portal', cookie: user.cookie })
    expect(portal.statusCode, portal.body).toBe(200)
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//)
    expect(fake.state.portalSessions.at(-1)).toMatchObject({
      return_url: 'http://app.test/settings?tab=subscription',
    })
    expect(await auditActionsOf(test, user.user.id)).toContain('billing.portal_opened')
  })
})
