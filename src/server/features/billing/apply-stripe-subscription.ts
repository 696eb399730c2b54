import type { Executor } from '#server/db/connect.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import { applySubscriptionState } from './apply-subscription-state.ts'
import { type BillingAccountRow, saveBillingAccount } from './billing-accounts.repository.ts'
import type { PlanChoice, ProviderSubscription } from './payment-provider.service.ts'
import { FREE_STATE, readSubscriptionState, type SubscriptionState } from './subscription-state.service.ts'

/** Stripe statuses of a subscription that is over: the agency is on Free. */
const ENDED = new Set(['canceled', 'incomplete_expired'])
export const isLiveStripeStatus = (status: string | null | undefined) =>
  Boolean(status) && !ENDED.has(status!) && status !== 'incomplete'

/**
 * Our state from Stripe's subscription. A schedule keeps the downgrade waiting for the period's
 * end until Stripe moves the price; payment failures start the grace period once.
 */
export function stateFromStripe(
  before: SubscriptionState,
  subscription: ProviderSubscription,
  at: Date,
  pending?: PlanChoice | null,
): SubscriptionState {
  if (ENDED.has(subscription.status)) return { ...FREE_STATE, provider: 'stripe' }
  // Not paid yet (a Checkout still confirming the card): nothing changes.
  if (subscription.status === 'incomplete' || !subscription.planCode) return before
  const pastDue = subscription.status === 'past_due' || subscription.status === 'unpaid'
  const kept =
    pending !== undefined
      ? pending
      : before.pendingPlanCode &&
          subscription.scheduleId &&
          (before.pendingPlanCode !== subscription.planCode ||
            before.pendingBillingPeriod !== subscription.billingPeriod)
        ? { planCode: before.pendingPlanCode, billingPeriod: before.pendingBillingPeriod! }
        : null
  return {
    provider: 'stripe',
    planCode: subscription.planCode,
    billingPeriod: subscription.billingPeriod ?? 'monthly',
    status: pastDue ? 'past_due' : subscription.status === 'trialing' ? 'trialing' : 'active',
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    trialEndsAt: subscription.trialEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    pendingPlanCode: subscription.cancelAtPeriodEnd ? null : (kept?.planCode ?? null),
    pendingBillingPeriod: subscription.cancelAtPeriodEnd ? null : (kept?.billingPeriod ?? null),
    pastDueSince: pastDue ? (before.pastDueSince ?? at) : null,
  }
}

export interface StripeSubscriptionUpdate {
  agencyId: string
  account: BillingAccountRow | null
  subscription: ProviderSubscription
  /**
   * Unix seconds: the Stripe event's `created`; or 'answer' for Stripe's answer to our own call,
   * which is newer than any event applied before the call was made.
   */
  stateAt: number | 'answer'
  actorUserId: string | null
  reason: string
  chargedCents?: number
  pending?: PlanChoice | null
  /** An invoice payment failed: past due even if the subscription's copy says otherwise. */
  paymentFailed?: boolean
}

/**
 * Applies Stripe's subscription to the agency, in the transaction holding its lock. Older news
 * than what was applied last is ignored (events arrive in any order), and so is a subscription
 * other than the agency's own while that one is live (a second, abandoned checkout). Answers
 * whether it applied.
 */
export async function applyStripeSubscription(
  tx: Executor,
  meta: RequestMeta,
  update: StripeSubscriptionUpdate,
): Promise<boolean> {
  const { agencyId, account, subscription } = update
  const applied = account?.stripeStateAt ?? 0
  const stateAt =
    update.stateAt === 'answer' ? Math.max(Math.floor(Date.now() / 1000), applied) : update.stateAt
  if (stateAt < applied) return false
  const other = account?.stripeSubscriptionId && account.stripeSubscriptionId !== subscription.id
  if (other && isLiveStripeStatus(account.stripeSubscriptionStatus)) return false
  const { state: before } = await readSubscriptionState(tx, agencyId)
  const at = new Date(stateAt * 1000)
  let next = stateFromStripe(before, subscription, at, update.pending)
  if (update.paymentFailed && next.planCode !== 'free' && next.status !== 'past_due') {
    next = { ...next, status: 'past_due', pastDueSince: before.pastDueSince ?? at }
  }
  await saveBillingAccount(tx, agencyId, {
    provider: 'stripe',
    stripeCustomerId: subscription.customerId || account?.stripeCustomerId,
    stripeSubscriptionId: subscription.id,
    stripeSubscriptionStatus: subscription.status,
    stripeScheduleId: subscription.scheduleId,
    stripeStateAt: stateAt,
  })
  await applySubscriptionState(tx, meta, {
    agencyId,
    actorUserId: update.actorUserId,
    notifyUserId: update.actorUserId ?? account?.billingUserId ?? null,
    before,
    next,
    chargedCents: update.chargedCents,
    reason: update.reason,
  })
  return true
}
