import { randomUUID } from 'node:crypto'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { changeAtPeriodEnd } from './change-at-period-end.ts'
import type { BillingDeps } from './plan-change.service.ts'
import { refuseDemoAgency } from './plan-change.service.ts'
import { readSubscriptionState, type SubscriptionState } from './subscription-state.service.ts'

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
  deps: BillingDeps,
  ctx: Ctx,
): Promise<{ message: string; subscriptionEndsAt: string }> {
  const { actor } = ctx
  const seenBilling = await readSubscriptionState(deps.db, actor.agencyId)
  refuseDemoAgency(seenBilling)
  const seen = seenBilling.state
  refuseOnFree(seen)
  if (seen.cancelAtPeriodEnd) return answer(seen)
  return changeAtPeriodEnd(deps, ctx, {
    check: refuseOnFree,
    askStripe: (stripe, subscription) => stripe.cancelAtPeriodEnd(subscription, `cancel-${randomUUID()}`),
    reason: 'cancelled',
    pending: null,
    answer: async (tx) => answer((await readSubscriptionState(tx, actor.agencyId)).state),
  })
}
