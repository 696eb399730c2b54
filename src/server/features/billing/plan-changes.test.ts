import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import {
  backdatePeriod,
  checkout,
  checkoutIdOf,
  current,
  eventsOf,
  payTestCheckout,
  subscribe,
  useApplications,
} from '#test/billing.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { billingInvoices } from './billing-records.table.ts'
import { endDuePeriods } from './period-end.job.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const DAY = 86_400_000
const invoicesOf = (agencyId: string) =>
  test.db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.agencyId, agencyId))
    .orderBy(billingInvoices.number)

describe('GET /api/subscription/current', () => {
  it('answers the settings view and the subscription summary in one object', async () => {
    const user = await signUp(test)
    await useApplications(test, user.user.agencyId, 2)
    const answer = await current(test, user)
    expect(answer).toMatchObject({
      plan: { code: 'free', name: 'Free', price: 0, billingPeriod: 'monthly' },
      status: 'active',
      subscriptionTier: 'free',
      subscriptionStatus: 'active',
      subscriptionEndsAt: null,
      trialEndsAt: null,
      applicationsUsedThisMonth: 2,
      monthlyApplicationLimit: 5,
      cancelAtPeriodEnd: false,
      pendingChange: null,
      pastDueSince: null,
      graceEndsAt: null,
      applicationsBlocked: false,
      testMode: true,
      portalAvailable: false,
    })
    expect(new Date(answer.usagePeriodStart).getUTCDate()).toBe(1)
  })

  it('answers 401 without a session, like every billing call', async () => {
    for (const [method, url] of [
      ['GET', '/api/subscription/current'],
      ['GET', '/api/subscription/invoices'],
      ['POST', '/api/subscription/cancel'],
      ['POST', '/api/billing/portal'],
    ] as const) {
      const response = await test.request({ method, url })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})

describe('plan changes in test mode', () => {
  it('starts a paid plan from the test checkout: a new period, a fresh count, a receipt and a started event', async () => {
    const user = await signUp(test)
    const { agencyId } = user.user
    await useApplications(test, agencyId, 4)
    const answer = await checkout(test, user, { planCode: 'starter', billingPeriod: 'monthly' })
    expect(answer).toMatchObject({ change: 'checkout', effectiveAt: null })
    expect(answer.url).toMatch(/^\/test-checkout\//)
    await payTestCheckout(test, user, checkoutIdOf(answer.url))
    const now = await current(test, user)
    expect(now).toMatchObject({
      subscriptionTier: 'starter',
      plan: { code: 'starter', price: 29.99, billingPeriod: 'monthly' },
      monthlyApplicationLimit: 50,
      applicationsUsedThisMonth: 0,
    })
    const ends = new Date(now.subscriptionEndsAt).getTime()
    expect(ends - Date.now()).toBeGreaterThan(27 * DAY)
    expect(ends - Date.now()).toBeLessThan(32 * DAY)
    expect(await eventsOf(test, agencyId)).toEqual([
      { type: 'started', from: 'free', to: 'starter', amountCents: 2999, chargedCents: 2999 },
    ])
    const [receipt] = await invoicesOf(agencyId)
    expect(receipt).toMatchObject({
      number: 'TEST-0001',
      amountCents: 2999,
      status: 'paid',
      provider: 'test',
    })
    const list = await test.request({ method: 'GET', url: '/api/subscription/invoices', cookie: user.cookie })
    expect(list.json().data).toEqual([
      expect.objectContaining({
        number: 'TEST-0001',
        amount: 29.99,
        description: 'Starter plan, monthly',
        testMode: true,
        pdfUrl: `/api/subscription/invoices/${receipt!.id}/receipt`,
      }),
    ])
    const pdf = await test.request({
      method: 'GET',
      url: `/api/subscription/invoices/${receipt!.id}/receipt`,
      cookie: user.cookie,
    })
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="receipt-TEST-0001.pdf"')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('upgrades at once for the prorated difference, keeping the period and the month’s count', async () => {
    const user = await signUp(test)
    const { agencyId } = user.user
    await subscribe(test, user, 'starter')
    await backdatePeriod(test, agencyId, 15)
    await useApplications(test, agencyId, 3)
    const before = await current(test, user)
    const { url } = await checkout(test, user, { planCode: 'professional', billingPeriod: 'monthly' })
    const session = await test.request({
      method: 'GET',
      url: `/api/subscription/test-checkout/${checkoutIdOf(url)}`,
      cookie: user.cookie,
    })
    expect(session.json()).toMatchObject({ kind: 'upgrade', planCode: 'professional', status: 'open' })
    // About half the period is left: about half of the $20.00 difference.
    expect(session.json().amount).toBeGreaterThan(9)
    expect(session.json().amount).toBeLessThan(11)
    await payTestCheckout(test, user, checkoutIdOf(url))
    const after = await current(test, user)
    expect(after).toMatchObject({
      subscriptionTier: 'professional',
      monthlyApplicationLimit: 200,
      applicationsUsedThisMonth: 3,
    })
    expect(after.subscriptionEndsAt).toBe(before.subscriptionEndsAt)
    const events = await eventsOf(test, agencyId)
    expect(events.at(-1)).toMatchObject({
      type: 'upgraded',
      from: 'starter',
      to: 'professional',
      amountCents: 4999,
    })
    expect(events.at(-1)!.chargedCents).toBe(Math.round(session.json().amount * 100))
  })

  it('schedules a downgrade for the period’s end, then renews on the lower plan with a fresh count', async () => {
    const user = await signUp(test)
    const { agencyId } = user.user
    await subscribe(test, user, 'enterprise')
    const { subscriptionEndsAt } = await current(test, user)
    const answer = await checkout(test, user, { planCode: 'starter', billingPeriod: 'monthly' })
    expect(answer).toEqual({ url: '/subscription', change: 'scheduled', effectiveAt: subscriptionEndsAt })
    const waiting = await current(test, user)
    expect(waiting).toMatchObject({
      subscriptionTier: 'enterprise',
      monthlyApplicationLimit: 1000,
      pendingChange: {
        planCode: 'starter',
        planName: 'Starter',
        billingPeriod: 'monthly',
        effectiveAt: subscriptionEndsAt,
      },
    })
    await useApplications(test, agencyId, 7)
    await backdatePeriod(test, agencyId, 31)
    expect(await endDuePeriods(test.db, { renew: true })).toBeGreaterThanOrEqual(1)
    const renewed = await current(test, user)
    expect(renewed).toMatchObject({
      subscriptionTier: 'starter',
      monthlyApplicationLimit: 50,
      applicationsUsedThisMonth: 0,
      pendingChange: null,
    })
    expect(new Date(renewed.subscriptionEndsAt).getTime()).toBeGreaterThan(Date.now())
    expect((await eventsOf(test, agencyId)).map((e) => [e.type, e.to, e.amountCents])).toEqual([
      ['started', 'enterprise', 6499],
      ['downgraded', 'starter', 2999],
    ])
    expect((await invoicesOf(agencyId)).map((i) => [i.number, i.amountCents, i.description])).toEqual([
      ['TEST-0001', 6499, 'Enterprise plan, monthly'],
      ['TEST-0002', 2999, 'Starter plan, monthly renewal'],
    ])
  })

  it('cancels to the end of the period, then the agency is on Free', async () => {
    const user = await signUp(test)
    const { agencyId } = user.user
    await subscribe(test, user, 'professional', 'yearly')
    const { subscriptionEndsAt } = await current(test, user)
    const cancel = () =>
      test.request({ method: 'POST', url: '/api/subscription/cancel', cookie: user.cookie })
    const first = await cancel()
    expect(first.json()).toEqual({ message: SUBSCRIPTION_TEXTS.canceledDescription, subscriptionEndsAt })
    expect(await current(test, user)).toMatchObject({
      subscriptionTier: 'professional',
      cancelAtPeriodEnd: true,
    })
    expect((await cancel()).json()).toEqual(first.json())
    expect((await eventsOf(test, agencyId)).map((e) => [e.type, e.from, e.to, e.amountCents])).toEqual([
      ['started', 'free', 'professional', 49999],
      ['cancelled', 'professional', 'free', 49999],
    ])
    await backdatePeriod(test, agencyId, 366)
    await endDuePeriods(test.db, { renew: true })
    expect(await current(test, user)).toMatchObject({
      subscriptionTier: 'free',
      monthlyApplicationLimit: 5,
      subscriptionEndsAt: null,
      cancelAtPeriodEnd: false,
    })
    expect(await eventsOf(test, agencyId)).toHaveLength(2)
  })

  it('refuses to cancel the Free plan and changes nothing', async () => {
    const user = await signUp(test)
    const response = await test.request({
      method: 'POST',
      url: '/api/subscription/cancel',
      cookie: user.cookie,
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: SUBSCRIPTION_TEXTS.nothingToCancel })
    expect(await auditActionsOf(test, user.user.id)).not.toContain('billing.subscription_changed')
    expect(await eventsOf(test, user.user.agencyId)).toEqual([])
  })
})
