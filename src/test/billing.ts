import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { agencies } from '#server/features/agencies/agencies.table.ts'
import { consumeApplicationQuota } from '#server/features/billing/billing.service.ts'
import { billingAccounts } from '#server/features/billing/billing.table.ts'
import { subscriptionEvents } from '#server/features/billing/billing-records.table.ts'
import type { TestApp } from './build-test-app.ts'
import type { SignedInUser } from './factories.ts'

/** Billing tests: the steps they share. */
export async function checkout(
  test: TestApp,
  user: SignedInUser,
  body: Record<string, unknown>,
  status = 200,
) {
  const response = await test.request({
    method: 'POST',
    url: '/api/subscription/checkout',
    cookie: user.cookie,
    payload: body,
  })
  expect(response.statusCode, response.body).toBe(status)
  return response.json()
}

export const checkoutIdOf = (url: string) => url.split('/').pop()!

export async function payTestCheckout(test: TestApp, user: SignedInUser, id: string, status = 200) {
  const response = await test.request({
    method: 'POST',
    url: `/api/subscription/test-checkout/${id}/pay`,
    cookie: user.cookie,
  })
  expect(response.statusCode, response.body).toBe(status)
  return response.json()
}

/** Free to `planCode` through the test checkout. */
export async function subscribe(
  test: TestApp,
  user: SignedInUser,
  planCode: string,
  billingPeriod = 'monthly',
) {
  const { url } = await checkout(test, user, { planCode, billingPeriod })
  await payTestCheckout(test, user, checkoutIdOf(url))
}

export async function current(test: TestApp, user: SignedInUser) {
  const response = await test.request({
    method: 'GET',
    url: '/api/subscription/current',
    cookie: user.cookie,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

export async function useApplications(test: TestApp, agencyId: string, count: number) {
  for (let i = 0; i < count; i++) await test.db.transaction((tx) => consumeApplicationQuota(tx, agencyId))
}

/** Moves the agency's current period `days` into the past, as if that time had gone by. */
export async function backdatePeriod(test: TestApp, agencyId: string, days: number) {
  const shift = sql.raw(`interval '${days} days'`)
  await test.db
    .update(agencies)
    .set({ subscriptionEndsAt: sql`${agencies.subscriptionEndsAt} - ${shift}` })
    .where(eq(agencies.id, agencyId))
  await test.db
    .update(billingAccounts)
    .set({ currentPeriodStart: sql`${billingAccounts.currentPeriodStart} - ${shift}` })
    .where(eq(billingAccounts.agencyId, agencyId))
}

export async function eventsOf(test: TestApp, agencyId: string) {
  const rows = await test.db
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.agencyId, agencyId))
    .orderBy(subscriptionEvents.occurredAt, subscriptionEvents.eventType)
  return rows.map((row) => ({
    type: row.eventType,
    from: row.fromPlanCode,
    to: row.toPlanCode,
    amountCents: row.amountCents,
    chargedCents: row.chargedCents,
  }))
}
