import type { CurrentSubscription } from '#shared/contracts/billing-subscription.contract.ts'
import { getPlan, type PlanCode, planPriceCents } from '#shared/domain/plans.ts'

/** GET /api/subscription/current as the server answers it, for a plan and whatever a test changes. */
export function sampleSubscription(
  planCode: PlanCode = 'free',
  overrides: Partial<CurrentSubscription> = {},
): CurrentSubscription {
  const plan = getPlan(planCode)!
  const billingPeriod = overrides.plan?.billingPeriod ?? 'monthly'
  const paid = planCode !== 'free'
  return {
    plan: {
      code: plan.code,
      name: plan.name,
      price: planPriceCents(plan, billingPeriod) / 100,
      billingPeriod,
    },
    status: 'active',
    subscriptionTier: plan.code,
    subscriptionStatus: 'active',
    subscriptionEndsAt: paid ? '2026-12-25T12:00:00.000Z' : null,
    trialEndsAt: null,
    applicationsUsedThisMonth: 0,
    monthlyApplicationLimit: plan.monthlyApplicationLimit,
    usagePeriodStart: '2026-11-01T00:00:00.000Z',
    usagePeriodEnd: '2026-12-01T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    pendingChange: null,
    pastDueSince: null,
    graceEndsAt: null,
    applicationsBlocked: false,
    testMode: true,
    portalAvailable: false,
    ...overrides,
  }
}
