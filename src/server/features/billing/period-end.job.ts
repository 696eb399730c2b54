import { millisecondsInHour } from 'date-fns/constants'
import type { Db } from '#server/db/connect.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { getPlan, planPriceCents } from '#shared/domain/plans.ts'
import { findAgenciesWithPeriodEnded, lockAgency } from '../agencies/agencies.service.ts'
import { applySubscriptionState } from './apply-subscription-state.ts'
import { addBillingPeriod } from './billing-periods.service.ts'
import { recordTestReceipt } from './invoices.service.ts'
import { FREE_STATE, readSubscriptionState, type SubscriptionState } from './subscription-state.service.ts'

export const PERIOD_END_JOB = 'billing.period_end'
const HOUR_MS = millisecondsInHour
/** Periods caught up at once for a server that was off for a long time (three years of months). */
const MAX_PERIODS = 36
const SYSTEM = { ipAddress: null, userAgent: 'billing period-end job', requestId: null }

export function schedulePeriodEnd(db: Db, runAt = new Date(Date.now() + 60_000)): Promise<void> {
  return scheduleSingleton(db, { type: PERIOD_END_JOB, singletonKey: PERIOD_END_JOB, runAt })
}

/** Ends the due test-mode periods every hour (Stripe reports its own renewals by webhook). */
export function createPeriodEndHandler(db: Db, options: { renew: boolean }): JobHandler {
  return async () => {
    try {
      await endDuePeriods(db, options)
    } finally {
      await schedulePeriodEnd(db, new Date(Date.now() + HOUR_MS))
    }
  }
}

/**
 * Test-mode subscriptions whose period has ended: a cancelled one drops to Free, a scheduled
 * downgrade takes effect, any other renews for another period with a test receipt (a new period
 * starts a new application count). With Stripe configured (`renew` false) a test-mode plan is not
 * renewed: it ends, and the agency subscribes through Stripe. Answers how many agencies changed.
 */
export async function endDuePeriods(db: Db, { renew, now = new Date() }: { renew: boolean; now?: Date }) {
  let changed = 0
  for (const agencyId of await findAgenciesWithPeriodEnded(db, now, 500)) {
    const done = await db.transaction(async (tx) => {
      await lockAgency(tx, agencyId)
      const { state: before, account } = await readSubscriptionState(tx, agencyId)
      if (before.provider === 'stripe' || !before.currentPeriodEnd || before.currentPeriodEnd > now)
        return false
      let next: SubscriptionState = before
      for (let i = 0; i < MAX_PERIODS && next.currentPeriodEnd && next.currentPeriodEnd <= now; i++) {
        if (next.cancelAtPeriodEnd || !renew) {
          next = { ...FREE_STATE, provider: 'test' }
          break
        }
        next = renewed(next)
        await recordTestReceipt(tx, {
          agencyId,
          planCode: next.planCode,
          billingPeriod: next.billingPeriod!,
          amountCents: planPriceCents(getPlan(next.planCode)!, next.billingPeriod!),
          kind: 'renewal',
          periodStart: next.currentPeriodStart!,
          periodEnd: next.currentPeriodEnd!,
          paidAt: next.currentPeriodStart!,
        })
      }
      await applySubscriptionState(tx, SYSTEM, {
        agencyId,
        actorUserId: null,
        notifyUserId: account?.billingUserId ?? null,
        before,
        next,
        reason: 'period_end',
        now,
      })
      return true
    })
    if (done) changed += 1
  }
  return changed
}

/** The next period, on the scheduled plan if a downgrade was waiting. */
function renewed(state: SubscriptionState): SubscriptionState {
  const planCode = state.pendingPlanCode ?? state.planCode
  const billingPeriod = state.pendingBillingPeriod ?? state.billingPeriod ?? 'monthly'
  const start = state.currentPeriodEnd!
  return {
    ...state,
    planCode,
    billingPeriod,
    currentPeriodStart: start,
    currentPeriodEnd: addBillingPeriod(start, billingPeriod),
    pendingPlanCode: null,
    pendingBillingPeriod: null,
  }
}
