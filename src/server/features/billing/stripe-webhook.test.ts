import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { checkout, current, eventsOf } from '#test/billing.ts'
import type { TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import type { FakeStripe } from '#test/fake-stripe.ts'
import type { Obj } from '#test/fake-stripe-state.ts'
import { sampleClientData } from '#test/sample-client-data.ts'
import { buildStripeTestApp, deliverAll, deliverStripeEvent } from '#test/stripe-harness.ts'
import { billingAccounts } from './billing.table.ts'
import { billingInvoices, stripeWebhookEvents } from './billing-records.table.ts'

let test: TestApp
let fake: FakeStripe
beforeAll(async () => {
  ;({ test, fake } = await buildStripeTestApp())
})
afterAll(() => test.close())

const DAY_S = 86_400

/** An agency whose Stripe Checkout is open, and what Stripe does when the customer pays. */
async function paidCheckout(user: SignedInUser, planCode = 'starter', startedDaysAgo = 0) {
  const { url } = await checkout(test, user, { planCode, billingPeriod: 'monthly' })
  return fake.state.completeCheckout(url.split('/').pop()!, {
    startedAt: fake.state.now() - startedDaysAgo * DAY_S,
  })
}

const invoicesOf = (agencyId: string) =>
  test.db.select().from(billingInvoices).where(eq(billingInvoices.agencyId, agencyId))

function createApplication(user: SignedInUser) {
  return test.request({
    method: 'POST',
    url: '/api/applications',
    cookie: user.cookie,
    payload: {
      clientData: sampleClientData(),
      insuranceType: 'life',
      isBulkSubmission: true,
      bulkSubmissionType: 'all_carriers',
      carrierFilters: null,
      applicationData: {},
    },
  })
}

describe('POST /api/billing/stripe-webhook', () => {
  it('is public (Stripe signs it), and with Stripe there is no test checkout', () => {
    const routes = test.app.apiRoutes.map((route) => `${route.method} ${route.url}`)
    expect(test.app.apiRoutes.find((route) => route.url === '/api/billing/stripe-webhook')).toMatchObject({
      method: 'POST',
      public: true,
    })
    expect(routes.filter((route) => route.includes('test-checkout'))).toEqual([])
  })

  it('refuses a bad, old or missing signature with 400 and changes nothing', async () => {
    const user = await signUp(test)
    const { events } = await paidCheckout(user)
    const completed = events[0]!
    const tries = [
      await deliverStripeEvent(test, completed, { secret: 'whsec_someone_else' }),
      await deliverStripeEvent(test, completed, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await deliverStripeEvent(test, completed, { signature: 't=1,v1=00' }),
      await deliverStripeEvent(
        test,
        { ...completed, type: 'customer.subscription.deleted' },
        { signature: '' },
      ),
    ]
    for (const response of tries) {
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: 'Invalid signature' })
    }
    expect((await current(test, user)).subscriptionTier).toBe('free')
    const seen = await test.db
      .select()
      .from(stripeWebhookEvents)
      .where(eq(stripeWebhookEvents.agencyId, user.user.agencyId))
    expect(seen).toEqual([])
    // Within the 300 s tolerance it is taken.
    const late = await deliverStripeEvent(test, completed, { timestamp: Math.floor(Date.now() / 1000) - 290 })
    expect(late.json()).toEqual({ received: true, applied: true })
    expect((await current(test, user)).subscriptionTier).toBe('starter')
  })

  it('applies an event delivered twice once', async () => {
    const user = await signUp(test)
    const { events } = await paidCheckout(user, 'professional')
    const first = await deliverAll(test, events)
    const again = await deliverAll(test, events)
    expect(first).toEqual([
      { received: true, applied: true },
      { received: true, applied: true },
    ])
    expect(again).toEqual([
      { received: true, applied: false, reason: 'Event already received' },
      { received: true, applied: false, reason: 'Event already received' },
    ])
    expect(await eventsOf(test, user.user.agencyId)).toHaveLength(1)
    expect(await invoicesOf(user.user.agencyId)).toHaveLength(1)
  })

  it('ends in Stripe’s final state whatever order the events arrive in', async () => {
    const user = await signUp(test)
    const paid = await paidCheckout(user, 'starter')
    const subscription = fake.state.subscriptions.get(paid.subscription.id)!
    const item = subscription.items.data[0]
    const priceOf = (key: string) => [...fake.state.prices.values()].find((p: Obj) => p.lookup_key === key)
    // Changed in Stripe's portal: up to Professional, then cancelled at once.
    fake.state.prices.set('price_pro_portal', {
      ...item.price,
      id: 'price_pro_portal',
      unit_amount: 4999,
      lookup_key: 'backoffice_professional_monthly',
    })
    item.price = priceOf('backoffice_professional_monthly')
    const upgraded = fake.state.event('customer.subscription.updated', subscription)
    subscription.status = 'canceled'
    const deleted = fake.state.event('customer.subscription.deleted', subscription)
    await deliverAll(test, [deleted, upgraded, ...paid.events.reverse()])
    expect(await current(test, user)).toMatchObject({ subscriptionTier: 'free', subscriptionEndsAt: null })

    const other = await signUp(test)
    const second = await paidCheckout(other, 'starter')
    const live = fake.state.subscriptions.get(second.subscription.id)!
    live.items.data[0].price = priceOf('backoffice_professional_monthly')
    const toProfessional = fake.state.event('customer.subscription.updated', live)
    live.items.data[0].price = (await paidCheckoutPrice('enterprise'))!
    const toEnterprise = fake.state.event('customer.subscription.updated', live)
    await deliverAll(test, [toEnterprise, ...second.events, toProfessional])
    expect(await current(test, other)).toMatchObject({
      subscriptionTier: 'enterprise',
      monthlyApplicationLimit: 1000,
    })
    expect((await eventsOf(test, other.user.agencyId)).map((e) => [e.type, e.to])).toEqual([
      ['started', 'enterprise'],
    ])
  })

  it('puts the agency in past_due on a failed payment, then refuses new applications after 7 days (402)', async () => {
    const user = await signUp(test)
    const { agencyId } = user.user
    const paid = await paidCheckout(user, 'starter', 31)
    await deliverAll(test, paid.events)
    await deliverAll(test, fake.state.endPeriod(paid.subscription.id, { paymentFails: true }))
    const due = await current(test, user)
    expect(due).toMatchObject({
      subscriptionStatus: 'past_due',
      status: 'past_due',
      applicationsBlocked: false,
    })
    expect(new Date(due.graceEndsAt).getTime() - new Date(due.pastDueSince).getTime()).toBe(7 * DAY_S * 1000)
    expect((await createApplication(user)).statusCode).toBe(201)
    const failed = (await invoicesOf(agencyId)).find((i) => i.status === 'failed')
    expect(failed).toMatchObject({ amountCents: 2999, pdfUrl: 'https://pay.stripe.test/invoice/fake/pdf' })

    await test.db
      .update(billingAccounts)
      .set({ pastDueSince: sql`now() - interval '8 days'` })
      .where(eq(billingAccounts.agencyId, agencyId))
    expect((await current(test, user)).applicationsBlocked).toBe(true)
    const refused = await createApplication(user)
    expect(refused.statusCode).toBe(402)
    expect(refused.json()).toEqual({ message: SUBSCRIPTION_TEXTS.pastDueBlocked })

    await deliverAll(test, fake.state.payLatestInvoice(paid.subscription.id))
    expect(await current(test, user)).toMatchObject({
      subscriptionStatus: 'active',
      pastDueSince: null,
      graceEndsAt: null,
    })
    expect((await createApplication(user)).statusCode).toBe(201)
    expect((await invoicesOf(agencyId)).map((i) => i.status).sort()).toEqual(['paid', 'paid'])
  })

  it('records an invoice of a subscription Stripe no longer has, and changes nothing else', async () => {
    const user = await signUp(test)
    const paid = await paidCheckout(user, 'starter')
    await deliverAll(test, paid.events)
    const orphan: Obj = { ...structuredClone(paid.invoice), id: 'in_orphan', number: 'ORPHAN-1' }
    orphan.parent.subscription_details.subscription = 'sub_gone'
    const [answer] = await deliverAll(test, [fake.state.event('invoice.paid', orphan)])
    expect(answer).toEqual({ received: true, applied: true })
    expect((await invoicesOf(user.user.agencyId)).map((i) => i.number).sort()).toEqual(
      [paid.invoice.number, 'ORPHAN-1'].sort(),
    )
    expect((await current(test, user)).subscriptionTier).toBe('starter')
  })

  it('acknowledges an event about a customer that is not ours and changes nothing', async () => {
    const stranger = fake.state.event('customer.subscription.updated', {
      id: 'sub_elsewhere',
      object: 'subscription',
      customer: 'cus_elsewhere',
      status: 'active',
      metadata: {},
      items: { data: [] },
    })
    const response = await deliverStripeEvent(test, stranger)
    expect(response.json()).toEqual({ received: true, applied: false, reason: 'Not one of our customers' })
  })
})

/** A price for a plan as Stripe holds it once a checkout for it was opened. */
async function paidCheckoutPrice(planCode: string) {
  const someone = await signUp(test)
  await checkout(test, someone, { planCode, billingPeriod: 'monthly' })
  return [...fake.state.prices.values()].find((p: Obj) => p.lookup_key === `backoffice_${planCode}_monthly`)
}
