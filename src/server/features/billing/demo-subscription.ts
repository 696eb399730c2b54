import type { Executor } from '#server/db/connect.ts'
import { getPlan, type PlanCode, planPriceCents } from '#shared/domain/plans.ts'
import { saveBillingAccount } from './billing-accounts.repository.ts'
import { addBillingPeriod, addMonths } from './billing-periods.ts'
import { insertSubscriptionEvents } from './billing-records.repository.ts'
import { recordTestReceipt } from './invoices.ts'
import { writeSubscriptionState } from './subscription-state.ts'

/**
 * The demo agency's subscription (seed): a monthly plan in test mode, in its second month, with
 * the first payment and the renewal as test receipts and its start among the subscription events.
 */
export async function seedDemoSubscription(
  tx: Executor,
  input: { agencyId: string; userId: string; planCode: PlanCode; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date()
  const started = new Date(now.getTime() - 40 * 86_400_000)
  const renewed = addMonths(started, 1)
  const amountCents = planPriceCents(getPlan(input.planCode)!, 'monthly')
  await writeSubscriptionState(tx, input.agencyId, {
    provider: 'test',
    planCode: input.planCode,
    billingPeriod: 'monthly',
    status: 'active',
    currentPeriodStart: renewed,
    currentPeriodEnd: addBillingPeriod(renewed, 'monthly'),
    trialEndsAt: null,
    cancelAtPeriodEnd: false,
    pendingPlanCode: null,
    pendingBillingPeriod: null,
    pastDueSince: null,
  })
  await saveBillingAccount(tx, input.agencyId, { billingUserId: input.userId })
  for (const [start, kind] of [
    [started, 'new'],
    [renewed, 'renewal'],
  ] as const) {
    await recordTestReceipt(tx, {
      agencyId: input.agencyId,
      planCode: input.planCode,
      billingPeriod: 'monthly',
      amountCents,
      kind,
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
