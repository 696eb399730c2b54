import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { type CheckoutSession, SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { type BillingPeriod, getPlan, type PlanCode } from '#shared/domain/plans.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { lockAgency } from '../agencies/agencies.service.ts'
import { applySubscriptionState } from './apply-subscription-state.ts'
import * as repository from './billing.repository.ts'
import { saveBillingAccount } from './billing-accounts.repository.ts'
import { addBillingPeriod } from './billing-periods.service.ts'
import { recordTestReceipt } from './invoices.service.ts'
import { readSubscriptionState, type SubscriptionState } from './subscription-state.service.ts'

function notFound(): AppError {
  return new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
}

function toCheckoutSession(row: repository.CheckoutRow): CheckoutSession {
  return {
    id: row.id,
    planCode: row.planCode as PlanCode,
    planName: getPlan(row.planCode)?.name ?? row.planCode,
    billingPeriod: row.billingPeriod as BillingPeriod,
    amount: row.amountCents / 100,
    kind: row.kind === 'upgrade' ? 'upgrade' : 'new',
    status: row.status as CheckoutSession['status'],
    testMode: row.provider === 'test',
  }
}

export async function getTestCheckout(db: Db, { actor }: Ctx, id: string): Promise<CheckoutSession> {
  const row = await repository.findCheckout(db, actor.agencyId, id)
  if (row?.provider !== 'test') throw notFound()
  return toCheckoutSession(row)
}

/**
 * The plan a paid test checkout leads to: a new subscription or a change of period length starts
 * a period now; an upgrade within the same period length keeps the period it is in.
 */
function paidState(before: SubscriptionState, row: repository.CheckoutRow, now: Date): SubscriptionState {
  const period = row.billingPeriod as BillingPeriod
  const keepsPeriod =
    row.kind === 'upgrade' &&
    before.billingPeriod === period &&
    before.currentPeriodEnd &&
    before.currentPeriodEnd > now
  const start = keepsPeriod ? before.currentPeriodStart : now
  return {
    provider: 'test',
    planCode: row.planCode as PlanCode,
    billingPeriod: period,
    status: 'active',
    currentPeriodStart: start,
    currentPeriodEnd: keepsPeriod ? before.currentPeriodEnd : addBillingPeriod(now, period),
    trialEndsAt: null,
    cancelAtPeriodEnd: false,
    pendingPlanCode: null,
    pendingBillingPeriod: null,
    pastDueSince: null,
  }
}

/**
 * The test checkout's Pay: applies the plan exactly as a provider's confirmed payment would, and
 * keeps a test receipt. A checkout started from another plan than the agency's now (a second
 * upgrade raced it) is refused and closed, so one plan wins.
 */
export async function payTestCheckout(db: Db, ctx: Ctx, id: string, now = new Date()) {
  const { actor } = ctx
  const outcome = await db.transaction(async (tx) => {
    await lockAgency(tx, actor.agencyId)
    const row = await repository.findCheckout(tx, actor.agencyId, id, { forUpdate: true })
    if (row?.provider !== 'test') throw notFound()
    if (row.status !== 'open') throw new AppError('CONFLICT', { message: SUBSCRIPTION_TEXTS.checkoutNotOpen })
    const { state: before } = await readSubscriptionState(tx, actor.agencyId)
    // Checkouts from before plan changes existed started from Free.
    if (
      before.planCode !== (row.fromPlanCode ?? 'free') ||
      before.billingPeriod !== (row.fromBillingPeriod ?? null)
    ) {
      await repository.closeCheckout(tx, actor.agencyId, id, 'cancelled')
      return 'stale' as const
    }
    const next = paidState(before, row, now)
    await repository.closeCheckout(tx, actor.agencyId, id, 'paid')
    await saveBillingAccount(tx, actor.agencyId, { billingUserId: actor.userId })
    await applySubscriptionState(tx, ctx, {
      agencyId: actor.agencyId,
      actorUserId: actor.userId,
      notifyUserId: actor.userId,
      before,
      next,
      chargedCents: row.amountCents,
      reason: 'test_checkout',
      now,
    })
    await recordTestReceipt(tx, {
      agencyId: actor.agencyId,
      planCode: next.planCode,
      billingPeriod: next.billingPeriod!,
      amountCents: row.amountCents,
      kind: row.kind === 'upgrade' ? 'upgrade' : 'new',
      periodStart: row.kind === 'upgrade' ? now : next.currentPeriodStart!,
      periodEnd: next.currentPeriodEnd!,
      paidAt: now,
    })
    await recordAudit(tx, ctx, {
      action: 'billing.subscription_activated',
      entity: { type: 'checkout_session', id: id },
      details: {
        planCode: next.planCode,
        billingPeriod: next.billingPeriod,
        amountCents: row.amountCents,
        testMode: true,
      },
    })
    return 'paid' as const
  })
  if (outcome === 'stale')
    throw new AppError('CONFLICT', { message: SUBSCRIPTION_TEXTS.planChangedSinceCheckout })
  const row = (await repository.findCheckout(db, actor.agencyId, id))!
  const query = new URLSearchParams({ session_id: id, plan: row.planCode })
  return { redirectUrl: `/success?${query}` }
}

export function cancelTestCheckout(db: Db, ctx: Ctx, id: string): Promise<{ redirectUrl: string }> {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const row = await repository.findCheckout(tx, actor.agencyId, id, { forUpdate: true })
    if (row?.provider !== 'test') throw notFound()
    if (row.status !== 'open') throw new AppError('CONFLICT', { message: SUBSCRIPTION_TEXTS.checkoutNotOpen })
    await repository.closeCheckout(tx, actor.agencyId, id, 'cancelled')
    await recordAudit(tx, ctx, {
      action: 'billing.checkout_cancelled',
      entity: { type: 'checkout_session', id: id },
    })
    return { redirectUrl: '/cancel' }
  })
}
