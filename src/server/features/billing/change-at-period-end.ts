import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import { lockAgency } from '../agencies/agencies.service.ts'
import { applyStripeSubscription } from './apply-stripe-subscription.ts'
import { applySubscriptionState } from './apply-subscription-state.ts'
import type { PlanChoice, ProviderSubscription, StripePaymentProvider } from './payment-provider.service.ts'
import { type BillingDeps, isOnStripe, withProviderChange } from './plan-change.service.ts'
import { readSubscriptionState, type SubscriptionState } from './subscription-state.service.ts'

export interface PeriodEndChange<T> {
  /** Throws when the change does not apply to the state: checked before and after the provider call. */
  check: (state: SubscriptionState) => void
  /** What Stripe is asked, for an agency billed there (the key makes a retry safe). */
  askStripe: (
    provider: StripePaymentProvider,
    subscription: ProviderSubscription,
  ) => Promise<ProviderSubscription>
  reason: 'cancelled' | 'downgrade_scheduled'
  /** The plan waiting for the period's end; null for a cancellation (Free from then). */
  pending: PlanChoice | null
  /** The answer, read in the change's transaction from the state before it. */
  answer: (tx: Executor, before: SubscriptionState) => Promise<T>
}

/**
 * A change that takes effect when the paid period ends (a cancellation or a downgrade): under the
 * provider lease, Stripe is asked first when the agency is billed there, and the state it answers
 * is applied; in test mode the state is set here and the period-end job carries it out.
 */
export function changeAtPeriodEnd<T>(
  { db, provider }: BillingDeps,
  ctx: Ctx,
  change: PeriodEndChange<T>,
): Promise<T> {
  const { agencyId, userId } = ctx.actor
  const { pending, reason } = change
  return withProviderChange(db, agencyId, async (billing) => {
    change.check(billing.state)
    const subscription =
      provider.name === 'stripe' && isOnStripe(provider, billing)
        ? await change.askStripe(
            provider,
            await provider.retrieveSubscription(billing.account!.stripeSubscriptionId!),
          )
        : null
    return db.transaction(async (tx) => {
      await lockAgency(tx, agencyId)
      const { state: before, account } = await readSubscriptionState(tx, agencyId)
      change.check(before)
      if (subscription) {
        await applyStripeSubscription(tx, ctx, {
          agencyId,
          account,
          subscription,
          stateAt: 'answer',
          actorUserId: userId,
          reason,
          pending,
        })
      } else {
        await applySubscriptionState(tx, ctx, {
          agencyId,
          actorUserId: userId,
          notifyUserId: null,
          before,
          next: {
            ...before,
            cancelAtPeriodEnd: pending === null,
            pendingPlanCode: pending?.planCode ?? null,
            pendingBillingPeriod: pending?.billingPeriod ?? null,
          },
          reason,
        })
      }
      return change.answer(tx, before)
    })
  })
}
