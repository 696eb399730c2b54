import { type BillingPeriod, classifyPlanChange, getPlan, planPriceCents } from '#shared/domain/plans.ts'
import type { SubscriptionState } from './subscription-state.service.ts'

export type SubscriptionEventType = 'started' | 'upgraded' | 'downgraded' | 'cancelled'

export interface SubscriptionEventDraft {
  eventType: SubscriptionEventType
  fromPlanCode: string
  toPlanCode: string
  billingPeriod: BillingPeriod | null
  amountCents: number
  effectiveAt: Date
}

const priceOf = (planCode: string, period: BillingPeriod | null) => {
  const plan = getPlan(planCode)
  return plan && period ? planPriceCents(plan, period) : 0
}

/**
 * The owner dashboard's events for one change of state (subscription_events' columns are
 * described on its table). A downgrade and a cancellation are recorded when they are asked for,
 * dated to take effect at the period's end; their taking effect later records nothing more. A
 * change the provider made on its own (Stripe's portal, a lapse) is recorded when reported.
 */
export function deriveSubscriptionEvents(
  before: SubscriptionState,
  after: SubscriptionState,
  now = new Date(),
): SubscriptionEventDraft[] {
  const events: SubscriptionEventDraft[] = []
  const wasPaid = before.planCode !== 'free'
  const isPaid = after.planCode !== 'free'
  const to = (eventType: SubscriptionEventType, effectiveAt: Date): SubscriptionEventDraft => ({
    eventType,
    fromPlanCode: before.planCode,
    toPlanCode: after.planCode,
    billingPeriod: after.billingPeriod,
    amountCents: priceOf(after.planCode, after.billingPeriod),
    effectiveAt,
  })
  const planMoved = before.planCode !== after.planCode || before.billingPeriod !== after.billingPeriod
  if (!wasPaid && isPaid) events.push(to('started', now))
  if (wasPaid && isPaid && planMoved) {
    const change = classifyPlanChange(before, {
      planCode: after.planCode,
      billingPeriod: after.billingPeriod!,
    })
    const wasScheduled =
      before.pendingPlanCode === after.planCode && before.pendingBillingPeriod === after.billingPeriod
    if (change === 'upgrade') events.push(to('upgraded', now))
    else if (change === 'downgrade' && !wasScheduled) events.push(to('downgraded', now))
  }
  if (wasPaid && !isPaid && !before.cancelAtPeriodEnd) {
    events.push({ ...to('cancelled', now), amountCents: priceOf(before.planCode, before.billingPeriod) })
  }
  if (!isPaid) return events
  const end = after.currentPeriodEnd ?? now
  if (after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd) {
    events.push({
      eventType: 'cancelled',
      fromPlanCode: after.planCode,
      toPlanCode: 'free',
      billingPeriod: after.billingPeriod,
      amountCents: priceOf(after.planCode, after.billingPeriod),
      effectiveAt: end,
    })
  }
  const pendingMoved =
    after.pendingPlanCode !== before.pendingPlanCode ||
    after.pendingBillingPeriod !== before.pendingBillingPeriod
  if (after.pendingPlanCode && pendingMoved) {
    events.push({
      eventType: 'downgraded',
      fromPlanCode: after.planCode,
      toPlanCode: after.pendingPlanCode,
      billingPeriod: after.pendingBillingPeriod,
      amountCents: priceOf(after.pendingPlanCode, after.pendingBillingPeriod),
      effectiveAt: end,
    })
  }
  return events
}
