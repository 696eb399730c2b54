import { describe, expect, it } from 'vitest'
import { deriveSubscriptionEvents } from './derive-subscription-events.ts'
import { FREE_STATE, type SubscriptionState } from './subscription-state.service.ts'

const now = new Date('2026-11-25T12:00:00Z')
const end = new Date('2026-12-10T12:00:00Z')
const free: SubscriptionState = { ...FREE_STATE, provider: 'test' }
const paid = (
  planCode: SubscriptionState['planCode'],
  extra: Partial<SubscriptionState> = {},
): SubscriptionState => ({
  ...free,
  planCode,
  billingPeriod: 'monthly',
  currentPeriodStart: new Date('2026-11-10T12:00:00Z'),
  currentPeriodEnd: end,
  ...extra,
})
const kinds = (before: SubscriptionState, after: SubscriptionState) =>
  deriveSubscriptionEvents(before, after, now).map((e) => [
    e.eventType,
    e.fromPlanCode,
    e.toPlanCode,
    e.amountCents,
  ])

describe('deriveSubscriptionEvents', () => {
  it('records a start with the new plan’s price', () => {
    expect(kinds(free, paid('starter'))).toEqual([['started', 'free', 'starter', 2999]])
  })

  it('records an upgrade at once, with the new price for its period', () => {
    expect(kinds(paid('starter'), paid('professional', { billingPeriod: 'yearly' }))).toEqual([
      ['upgraded', 'starter', 'professional', 49999],
    ])
  })

  it('records a downgrade when it is asked for, dated at the period’s end, and not again when it lands', () => {
    const scheduled = paid('enterprise', { pendingPlanCode: 'starter', pendingBillingPeriod: 'monthly' })
    const [event] = deriveSubscriptionEvents(paid('enterprise'), scheduled, now)
    expect(event).toMatchObject({
      eventType: 'downgraded',
      toPlanCode: 'starter',
      amountCents: 2999,
      effectiveAt: end,
    })
    expect(kinds(scheduled, paid('starter'))).toEqual([])
  })

  it('records a cancellation with the plan given up, once', () => {
    const cancelling = paid('professional', { cancelAtPeriodEnd: true })
    const [event] = deriveSubscriptionEvents(paid('professional'), cancelling, now)
    expect(event).toMatchObject({
      eventType: 'cancelled',
      fromPlanCode: 'professional',
      toPlanCode: 'free',
      amountCents: 4999,
      effectiveAt: end,
    })
    expect(kinds(cancelling, free)).toEqual([])
  })

  it('records a provider’s own ending and downgrade when reported', () => {
    expect(kinds(paid('professional'), free)).toEqual([['cancelled', 'professional', 'free', 4999]])
    expect(kinds(paid('professional'), paid('starter'))).toEqual([
      ['downgraded', 'professional', 'starter', 2999],
    ])
  })

  it('records nothing for a renewal or a change of status', () => {
    const renewed = paid('starter', {
      currentPeriodStart: end,
      currentPeriodEnd: new Date('2027-01-10T12:00:00Z'),
    })
    expect(kinds(paid('starter'), renewed)).toEqual([])
    expect(kinds(paid('starter'), paid('starter', { status: 'past_due', pastDueSince: now }))).toEqual([])
  })
})
