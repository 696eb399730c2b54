import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { CurrentSubscription } from '#shared/contracts/billing-subscription.contract.ts'
import { getPlan, planPriceCents } from '#shared/domain/plans.ts'
import * as repository from './billing.repository.ts'
import { graceEndsAt, quotaPeriodOf } from './billing.service.ts'
import type { PaymentProvider } from './payment-provider.service.ts'
import { readSubscriptionState } from './subscription-state.service.ts'

const iso = (date: Date | null) => date?.toISOString() ?? null

/**
 * GET /api/subscription/current: the settings view's plan and status and the subscription
 * summary, in one answer (spec §3 names both).
 */
export async function getCurrentSubscription(
  executor: Executor,
  provider: PaymentProvider,
  { actor }: Ctx,
  now = new Date(),
): Promise<CurrentSubscription> {
  const { state, account } = await readSubscriptionState(executor, actor.agencyId)
  const plan = getPlan(state.planCode)!
  const billingPeriod = state.billingPeriod ?? 'monthly'
  const period = quotaPeriodOf(state, now)
  const graceEnd = graceEndsAt(state)
  const pending = state.pendingPlanCode ? getPlan(state.pendingPlanCode)! : null
  return {
    plan: {
      code: plan.code,
      name: plan.name,
      price: planPriceCents(plan, billingPeriod) / 100,
      billingPeriod,
    },
    status: state.status,
    subscriptionTier: plan.code,
    subscriptionStatus: state.status,
    subscriptionEndsAt: iso(state.currentPeriodEnd),
    trialEndsAt: iso(state.trialEndsAt),
    applicationsUsedThisMonth: await repository.getApplicationsUsed(executor, actor.agencyId, period.key),
    monthlyApplicationLimit: plan.monthlyApplicationLimit,
    usagePeriodStart: period.start.toISOString(),
    usagePeriodEnd: period.end.toISOString(),
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    pendingChange:
      pending && state.currentPeriodEnd
        ? {
            planCode: pending.code,
            planName: pending.name,
            billingPeriod: state.pendingBillingPeriod ?? 'monthly',
            effectiveAt: state.currentPeriodEnd.toISOString(),
          }
        : null,
    pastDueSince: iso(state.status === 'past_due' ? state.pastDueSince : null),
    graceEndsAt: iso(graceEnd),
    applicationsBlocked: graceEnd !== null && now >= graceEnd,
    testMode: provider.name === 'test',
    portalAvailable: provider.name === 'stripe' && Boolean(account?.stripeCustomerId),
  }
}
