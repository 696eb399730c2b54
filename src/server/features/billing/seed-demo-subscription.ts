import { millisecondsInDay } from 'date-fns/constants'
import type { Executor } from '#server/db/connect.ts'
import { getPlan, type PlanCode, planPriceCents } from '#shared/domain/plans.ts'
import { saveBillingAccount } from './billing-accounts.repository.ts'
import { addBillingPeriod } from './billing-periods.service.ts'
import { insertSubscriptionEvents } from './billing-records.repository.ts'
import { recordTestReceipt } from './invoices.service.ts'
import { writeSubscriptionState } from './subscription-state.service.ts'

/**
 * A demo agency's subscription (seed): a monthly plan in test mode, started `startedAt` (40 days
 * ago unless said, so in its second month), with a test receipt for each month up to the one that
 * holds `now` and its start among the subscription events. Every period that has ended is paid
 * already, so the period-end job finds nothing to catch up after the seed: the owner's revenue
 * does not jump a minute after a demo install starts.
 */
export async function seedDemoSubscription(
  tx: Executor,
  input: { agencyId: string; userId: string; planCode: PlanCode; startedAt?: Date; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date()
  const started = input.startedAt ?? new Date(now.getTime() - 40 * millisecondsInDay)
  const starts = [started]
  // Each period starts where the last ended, as the period-end job renews them.
  while (addBillingPeriod(starts.at(-1)!, 'monthly') <= now)
    starts.push(addBillingPeriod(starts.at(-1)!, 'monthly'))
  const current = starts.at(-1)!
  const amountCents = planPriceCents(getPlan(input.planCode)!, 'monthly')
  await writeSubscriptionState(tx, input.agencyId, {
    provider: 'test',
    planCode: input.planCode,
    billingPeriod: 'monthly',
    status: 'active',
    currentPeriodStart: current,
    currentPeriodEnd: addBillingPeriod(current, 'monthly'),
    trialEndsAt: null,
    cancelAtPeriodEnd: false,
    pendingPlanCode: null,
    pendingBillingPeriod: null,
    pastDueSince: null,
  })
  await saveBillingAccount(tx, input.agencyId, { billingUserId: input.userId })
  for (const [index, start] of starts.entries()) {
    await recordTestReceipt(tx, {
      agencyId: input.agencyId,
      planCode: input.planCode,
      billingPeriod: 'monthly',
      amountCents,
      kind: index === 0 ? 'new' : 'renewal',
      periodStart: start,
      periodEnd: addBillingPeriod(start, 'monthly'),
      paidAt: start,
    })
  }
  await insertSubscriptionEvents(tx, [
    {
      agencyId: input.agencyId,
      eventType: 'started',
      fromPlanCode: 'free',
      toPlanCode: input.planCode,
      billingPeriod: 'monthly',
      amountCents,
      chargedCents: amountCents,
      provider: 'test',
      actorUserId: input.userId,
      occurredAt: started,
      effectiveAt: started,
    },
  ])
}
