import { randomUUID } from 'node:crypto'
import { invalidField } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { classifyPlanChange } from '#shared/domain/plans.ts'
import { changeAtPeriodEnd } from './change-at-period-end.ts'
import type { BillingDeps, CheckoutAnswer, PlanRequest } from './plan-change.service.ts'

/**
 * A lower plan from the end of the paid period: the agency keeps what it paid for until then.
 * On Stripe a subscription schedule moves the price at the period's end; in test mode the
 * period-end job does.
 */
export async function scheduleDowngrade(
  deps: BillingDeps,
  ctx: Ctx,
  request: PlanRequest,
): Promise<CheckoutAnswer> {
  const choice = { planCode: request.planCode, billingPeriod: request.billingPeriod }
  const refuseUnlessDowngrade = (state: Parameters<typeof classifyPlanChange>[0]) => {
    if (classifyPlanChange(state, request) !== 'downgrade')
      throw invalidField('planCode', SUBSCRIPTION_TEXTS.currentPlanCheckout)
  }
  const effectiveAt = await changeAtPeriodEnd(deps, ctx, {
    check: refuseUnlessDowngrade,
    askStripe: (stripe, subscription) =>
      stripe.scheduleDowngrade(subscription, choice, `downgrade-${randomUUID()}`),
    reason: 'downgrade_scheduled',
    pending: choice,
    answer: async (_tx, before) => before.currentPeriodEnd,
  })
  return { url: '/subscription', change: 'scheduled', effectiveAt: effectiveAt?.toISOString() ?? null }
}
