import { randomUUID } from 'node:crypto'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/subscription.contract.ts'
import { lockAgency } from '../agencies/agencies.service.ts'
import { applySubscriptionState } from './apply-subscription-state.ts'
import type { BillingDeps } from './change-plan.ts'
import { isOnStripe } from './change-plan.ts'
import { refuseDemoAgency, withProviderChange } from './provider-change.ts'
import { applyStripeSubscription } from './stripe-sync.ts'
import { readSubscriptionState, type SubscriptionState } from './subscription-state.ts'

function refuseOnFree(state: SubscriptionState): void {
  if (state.planCode === 'free')
    throw new AppError('CONFLICT', { message: SUBSCRIPTION_TEXTS.nothingToCancel })
}

const answer = (state: SubscriptionState) => ({
  message: SUBSCRIPTION_TEXTS.canceledDescription,
  subscriptionEndsAt: (state.currentPeriodEnd ?? new Date()).toISOString(),
})

/**
 * POST /api/subscription/cancel: the plan stays until the paid period ends, then the agency is on
 * Free (Stripe ends the subscription then; in test mode the period-end job does). A pending
 * downgrade is dropped. Asking again answers the same date; on Free it is refused (409).
 */
export async function cancelSubscription(
  { db, provider }: BillingDeps,
  ctx: Ctx,
): Promise<{ message: string; subscriptionEndsAt: string }> {
  const { actor } = ctx
  const seenBilling = await readSubscriptionState(db, actor.agencyId)
  refuseDemoAgency(seenBilling)
  const seen = seenBilling.state
  refuseOnFree(seen)
  if (seen.cancelAtPeriodEnd) return answer(seen)
  return withProviderChange(db, actor.agencyId, async (billing) => {
    refuseOnFree(billing.state)
    const subscription =
      provider.name === 'stripe' && isOnStripe(provider, billing)
        ? await provider.cancelAtPeriodEnd(
            await provider.retrieveSubscription(billing.account!.stripeSubscriptionId!),
            `cancel-${randomUUID()}`,
          )
        : null
    return db.transaction(async (tx) => {
      await lockAgency(tx, actor.agencyId)
      const { state: before, account } = await readSubscriptionState(tx, actor.agencyId)
      refuseOnFree(before)
      if (subscription) {
        await applyStripeSubscription(tx, ctx, {
          agencyId: actor.agencyId,
          account,
          subscription,
          stateAt: 'answer',
          actorUserId: actor.userId,
          reason: 'cancelled',
          pending: null,
        })
      } else {
        await applySubscriptionState(tx, ctx, {
          agencyId: actor.agencyId,
          actorUserId: actor.userId,
          notifyUserId: null,
          before,
          next: { ...before, cancelAtPeriodEnd: true, pendingPlanCode: null, pendingBillingPeriod: null },
          reason: 'cancelled',
        })
      }
      return answer((await readSubscriptionState(tx, actor.agencyId)).state)
    })
  })
}
