import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { checkout, current, eventsOf, useApplications } from '#test/billing.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { seedDemoSubscription } from './seed-demo-subscription.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

describe('the demo agency’s subscription', () => {
  it('is a test-mode plan in its second month, with usage, two receipts and its start', async () => {
    const user = await signUp(test)
    const { agencyId } = user.user
    await test.db.transaction((tx) =>
      seedDemoSubscription(tx, { agencyId, userId: user.user.id, planCode: 'professional' }),
    )
    await useApplications(test, agencyId, 6)
    expect(await current(test, user)).toMatchObject({
      subscriptionTier: 'professional',
      applicationsUsedThisMonth: 6,
      monthlyApplicationLimit: 200,
      testMode: true,
    })
    const invoices = await test.request({
      method: 'GET',
      url: '/api/subscription/invoices',
      cookie: user.cookie,
    })
    expect(invoices.json().data.map((i: { number: string; amount: number }) => [i.number, i.amount])).toEqual(
      [
        ['TEST-0002', 49.99],
        ['TEST-0001', 49.99],
      ],
    )
    expect((await eventsOf(test, agencyId)).map((e) => e.type)).toEqual(['started'])
  })

  it('keeps the shared demo agency’s plan as seeded (403 with a message)', async () => {
    const user = await signUp(test)
    const { agencyId } = user.user
    await test.db.transaction((tx) =>
      seedDemoSubscription(tx, { agencyId, userId: user.user.id, planCode: 'professional' }),
    )
    await test.db.update(agencies).set({ isDemo: true }).where(eq(agencies.id, agencyId))
    const refused = { message: SUBSCRIPTION_TEXTS.demoPlanLocked }
    expect(await checkout(test, user, { planCode: 'executive', billingPeriod: 'monthly' }, 403)).toEqual(
      refused,
    )
    const cancel = await test.request({
      method: 'POST',
      url: '/api/subscription/cancel',
      cookie: user.cookie,
    })
    expect([cancel.statusCode, cancel.json()]).toEqual([403, refused])
    expect(await current(test, user)).toMatchObject({
      subscriptionTier: 'professional',
      cancelAtPeriodEnd: false,
    })
  })
})
