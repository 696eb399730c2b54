import { isDeepStrictEqual } from 'node:util'
import type { Executor } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import { getPlan } from '#shared/domain/plans.ts'
import { notifyUser } from '../notifications/notifications.service.ts'
import { insertSubscriptionEvents } from './billing-records.repository.ts'
import { deriveSubscriptionEvents, type SubscriptionEventDraft } from './derive-subscription-events.ts'
import { type SubscriptionState, writeSubscriptionState } from './subscription-state.service.ts'

export interface StateChange {
  agencyId: string
  /** Who asked; null when the provider or the clock made the change. */
  actorUserId: string | null
  /** Told of the change: the actor, else whoever set the subscription up. */
  notifyUserId: string | null
  before: SubscriptionState
  next: SubscriptionState
  /** What was charged with this change (a first payment, a prorated upgrade), in cents. */
  chargedCents?: number
  /** Why, for the audit event: 'test_checkout', 'stripe:customer.subscription.updated', … */
  reason: string
  now?: Date
}

/**
 * The one place an agency's subscription changes: writes the state, records the owner
 * dashboard's events and one audit event, and tells the user. Call it inside the transaction
 * that holds the agency's row lock. Answers the events recorded.
 */
export async function applySubscriptionState(
  tx: Executor,
  meta: RequestMeta,
  change: StateChange,
): Promise<SubscriptionEventDraft[]> {
  const { agencyId, before, next } = change
  if (isDeepStrictEqual(before, next)) return []
  const now = change.now ?? new Date()
  await writeSubscriptionState(tx, agencyId, next)
  const events = deriveSubscriptionEvents(before, next, now)
  await insertSubscriptionEvents(
    tx,
    events.map((event) => ({
      ...event,
      agencyId,
      provider: next.provider,
      actorUserId: change.actorUserId,
      chargedCents:
        event.eventType === 'started' || event.eventType === 'upgraded' ? (change.chargedCents ?? 0) : 0,
      occurredAt: now,
    })),
  )
  await recordAuditAs(
    tx,
    meta,
    { agencyId, actorUserId: change.actorUserId },
    {
      action: 'billing.subscription_changed',
      entity: { type: 'subscription', id: agencyId },
      details: {
        reason: change.reason,
        from: summarise(before),
        to: summarise(next),
        events: events.map((event) => event.eventType),
      },
    },
  )
  if (change.notifyUserId) await tellUser(tx, agencyId, change.notifyUserId, before, next)
  return events
}

function summarise(state: SubscriptionState) {
  return {
    planCode: state.planCode,
    billingPeriod: state.billingPeriod,
    status: state.status,
    periodEnd: state.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    pendingPlanCode: state.pendingPlanCode,
  }
}

async function tellUser(
  tx: Executor,
  agencyId: string,
  userId: string,
  before: SubscriptionState,
  next: SubscriptionState,
): Promise<void> {
  const plan = getPlan(next.planCode)!
  const notify = (title: string, message: string, priority: 'normal' | 'high' = 'normal') =>
    notifyUser(tx, { agencyId, userId, title, message, type: 'update', priority })
  if (next.status === 'past_due' && before.status !== 'past_due') {
    await notify(
      'Payment failed',
      'Your subscription payment failed. Update your payment method to keep your plan.',
      'high',
    )
  } else if (next.planCode !== before.planCode && next.planCode !== 'free') {
    await notify(
      `${plan.name} plan active`,
      `Your agency is now on the ${plan.name} plan with ${plan.monthlyApplicationLimit.toLocaleString('en-US')} applications per month.`,
    )
  } else if (next.planCode === 'free' && before.planCode !== 'free') {
    await notify('Subscription ended', 'Your paid plan has ended. Your agency is now on the Free plan.')
  }
}
