import { randomUUID } from 'node:crypto'
import { invalidField } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/subscription.contract.ts'
import { classifyPlanChange } from '#shared/domain/plans.ts'
import { lockAgency } from '../agencies/agencies.service.ts'
import { applySubscriptionState } from './apply-subscription-state.ts'
import type { BillingDeps, CheckoutAnswer, PlanRequest } from './change-plan.ts'
import { isOnStripe } from './change-plan.ts'
import { withProviderChange } from './provider-change.ts'
import { applyStripeSubscription } from './stripe-sync.ts'
import { readSubscriptionState } from './subscription-state.ts'

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
  const { db, provider } = deps
  const { actor } = ctx
  const choice = { planCode: request.planCode, billingPeriod: request.billingPeriod }
  const refuseUnlessDowngrade = (state: Parameters<typeof classifyPlanChange>[0]) => {
    if (classifyPlanChange(state, request) !== 'downgrade')
      throw invalidField('planCode', SUBSCRIPTION_TEXTS.currentPlanCheckout)
  }
  const effectiveAt = await withProviderChange(db, actor.agencyId, async (billing) => {
    refuseUnlessDowngrade(billing.state)
    const subscription =
      provider.name === 'stripe' && isOnStripe(provider, billing)
        ? await provider.scheduleDowngrade(
            await provider.retrieveSubscription(billing.account!.stripeSubscriptionId!),
            choice,
            `downgrade-${randomUUID()}`,
          )
        : null
    return db.transaction(async (tx) => {
      await lockAgency(tx, actor.agencyId)
      const { state: before, account } = await readSubscriptionState(tx, actor.agencyId)
      refuseUnlessDowngrade(before)
      if (subscription) {
        await applyStripeSubscription(tx, ctx, {
          agencyId: actor.agencyId,
          account,
          subscription,
          stateAt: 'answer',
          actorUserId: actor.userId,
          reason: 'downgrade_scheduled',
          pending: choice,
        })
      } else {
        await applySubscriptionState(tx, ctx, {
          agencyId: actor.agencyId,
          actorUserId: actor.userId,
          notifyUserId: null,
          before,
          next: {
            ...before,
            cancelAtPeriodEnd: false,
            pendingPlanCode: choice.planCode,
            pendingBillingPeriod: choice.billingPeriod,
          },
          reason: 'downgrade_scheduled',
        })
      }
      return before.currentPeriodEnd
    })
  })
  return { url: '/subscription', change: 'scheduled', effectiveAt: effectiveAt?.toISOString() ?? null }
}
