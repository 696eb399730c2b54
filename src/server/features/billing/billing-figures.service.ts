import type { Executor } from '#server/db/connect.ts'
import { utcMonthStart } from '#server/platform/calendar.ts'
import {
  type BillingPeriod,
  getPlan,
  PLAN_CODES,
  type PlanCode,
  planPriceCents,
} from '#shared/domain/plans.ts'
import * as figures from './billing-figures.repository.ts'
import { churnShare, conversionShares, mrrSeries } from './subscription-history.service.ts'

/** Subscriptions that count as recurring revenue: paying now, or owing a failed payment. */
const PAYING_STATUSES = new Set(['active', 'past_due'])

const monthlyPriceCents = (planCode: string, period: string | null) => {
  const plan = getPlan(planCode)
  if (!plan || !period) return 0
  const cents = planPriceCents(plan, period as BillingPeriod)
  return period === 'yearly' ? cents / 12 : cents
}

const monthStart = (date: Date, monthsBack = 0) => utcMonthStart(date, -monthsBack)

export interface RevenueFigures {
  /** Monthly recurring revenue now, in cents (fractional: yearly prices divided by 12). */
  mrrCents: number
  totalRevenueCents: number
  /** This month's MRR against the MRR at the end of last month, as a share; 0 without a base. */
  growth: number
  churn: number
  planDistribution: Record<PlanCode, { count: number; mrrCents: number }>
  mrrByMonth: { month: string; mrrCents: number }[]
  conversion: Record<
    'trialToFree' | 'freeToStarter' | 'starterToProfessional' | 'professionalToEnterprise',
    number
  >
}

/**
 * The owner dashboard's money figures, platform-wide (months are calendar months in UTC):
 *
 * - MRR: every agency whose subscription is active or past due, at its plan's price for its billing
 *   period, yearly prices divided by 12 (agencies table: the plan as it stands now).
 * - total revenue: the sum of paid invoices. Every paid checkout leaves one (Stripe's invoice, or
 *   the test checkout's receipt), so checkouts are counted through them, never twice.
 * - growth: (MRR now − MRR at the end of last month) / MRR at the end of last month, where the
 *   past MRR is read from subscription_events (subscription-history.ts).
 * - churn: of the agencies paying at the start of this month, the share whose cancellation took
 *   effect since.
 * - plan distribution: agencies on each plan (any status) and the MRR they bring.
 * - MRR by month: the last 12 months' MRR at each month's end; the current month is MRR now.
 * - conversion: trial to Free is, of the agencies whose trial has ended, the share now on Free;
 *   the others are conversionShares (subscription-history.ts).
 */
export async function getRevenueFigures(executor: Executor, now: Date): Promise<RevenueFigures> {
  const [byPlan, unchanged, trials, paidCents, history] = await Promise.all([
    figures.countAgenciesByPlan(executor),
    figures.countAgenciesWithoutEvents(executor),
    figures.countEndedTrials(executor, now),
    figures.sumPaidInvoices(executor),
    figures.listSubscriptionHistory(executor),
  ])
  const planDistribution = Object.fromEntries(
    PLAN_CODES.map((code) => [code, { count: 0, mrrCents: 0 }]),
  ) as RevenueFigures['planDistribution']
  let mrrCents = 0
  for (const row of byPlan) {
    const entry = planDistribution[row.planCode as PlanCode]
    if (!entry) continue
    entry.count += row.agencies
    if (!PAYING_STATUSES.has(row.status)) continue
    const cents = row.agencies * monthlyPriceCents(row.planCode, row.billingPeriod)
    entry.mrrCents += cents
    mrrCents += cents
  }
  const thisMonth = monthStart(now)
  // The end of each of the 11 months before this one (the last is the end of last month).
  const monthEnds = Array.from(
    { length: 11 },
    (_, index) => new Date(monthStart(now, 10 - index).getTime() - 1),
  )
  const past = mrrSeries(history, monthEnds)
  const lastMonthMrr = past[10]!
  const mrrByMonth = Array.from({ length: 12 }, (_, index) => ({
    month: monthStart(now, 11 - index)
      .toISOString()
      .slice(0, 7),
    mrrCents: index === 11 ? mrrCents : past[index]!,
  }))
  return {
    mrrCents,
    totalRevenueCents: paidCents,
    growth: lastMonthMrr === 0 ? 0 : (mrrCents - lastMonthMrr) / lastMonthMrr,
    churn: churnShare(history, thisMonth, now),
    planDistribution,
    mrrByMonth,
    conversion: {
      trialToFree: trials.ended === 0 ? 0 : trials.onFree / trials.ended,
      ...conversionShares(history, unchanged, now),
    },
  }
}

/** The latest subscription events, for the owner dashboard. */
export function listRecentSubscriptionEvents(executor: Executor, limit: number) {
  return figures.listRecentSubscriptionEvents(executor, limit)
}

/** The agencies that paid the most, each with the user credited for it (see the query). */
export function listTopPayingAgencies(executor: Executor, limit: number) {
  return figures.listTopPayingAgencies(executor, limit)
}

/** What each of these agencies has paid, in cents. */
export function sumPaidInvoicesOf(executor: Executor, agencyIds: readonly string[]) {
  return figures.sumPaidInvoicesOf(executor, agencyIds)
}
