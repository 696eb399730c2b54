import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { APPLICATION_TEXTS } from '#shared/contracts/applications.contract.ts'
import {
  type CheckoutSession,
  type CurrentSubscription,
  type Plan,
  SUBSCRIPTION_TEXTS,
} from '#shared/contracts/subscription.contract.ts'
import {
  type BillingPeriod,
  getPlan,
  type PlanCode,
  planListings,
  planPriceCents,
} from '#shared/domain/plans.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { activatePlan, findAgencyPlan, lockAgency } from '../agencies/agencies.service.ts'
import { notifyUser } from '../notifications/notifications.service.ts'
import * as repository from './billing.repository.ts'
import type { PaymentProvider } from './payment-provider.ts'

export function listPlans(): Plan[] {
  return planListings()
}

/**
 * Settings › Subscription: the agency's plan, its status, and the price of the period it is billed
 * for (dollars): the yearly price for a yearly subscription, the monthly price otherwise.
 */
export async function getCurrentSubscription(
  executor: Executor,
  { actor }: Ctx,
): Promise<CurrentSubscription> {
  const row = await findAgencyPlan(executor, actor.agencyId)
  if (!row) throw notFound()
  const plan = getPlan(row.planCode) ?? getPlan('free')!
  const billingPeriod: BillingPeriod = row.billingPeriod === 'yearly' ? 'yearly' : 'monthly'
  return {
    plan: {
      code: plan.code,
      name: plan.name,
      price: planPriceCents(plan, billingPeriod) / 100,
      billingPeriod,
    },
    status: row.subscriptionStatus,
  }
}

/** The quota month is the calendar month in UTC. */
export function currentPeriodStart(now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}-01`
}

export async function getUsage(executor: Executor, agencyId: string, planCode: string) {
  return {
    monthlyApplicationLimit: getPlan(planCode)?.monthlyApplicationLimit ?? 0,
    applicationsUsedThisMonth: await repository.getApplicationsUsed(executor, agencyId, currentPeriodStart()),
  }
}

/**
 * Counts one application against the plan's monthly quota, inside the application's transaction.
 * The agency row is locked first, so two applications at once cannot both take the last slot.
 */
export async function consumeApplicationQuota(tx: Executor, agencyId: string): Promise<void> {
  const agency = await lockAgency(tx, agencyId)
  const plan = getPlan(agency.planCode) ?? getPlan('free')!
  const used = await repository.getApplicationsUsed(tx, agencyId, currentPeriodStart())
  if (used >= plan.monthlyApplicationLimit) {
    throw new AppError('PLAN_LIMIT_REACHED', {
      message: APPLICATION_TEXTS.planLimit
        .replace('{plan}', plan.name)
        .replace('{limit}', plan.monthlyApplicationLimit.toLocaleString('en-US')),
    })
  }
  await repository.incrementApplicationsUsed(tx, agencyId, currentPeriodStart())
}

export async function startCheckout(
  db: Db,
  ctx: Ctx,
  provider: PaymentProvider,
  input: { planCode: PlanCode; billingPeriod: BillingPeriod },
): Promise<{ url: string }> {
  const plan = getPlan(input.planCode)!
  const amountCents = planPriceCents(plan, input.billingPeriod)
  if (amountCents === 0) throw invalidField('planCode', SUBSCRIPTION_TEXTS.freePlanCheckout)
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const checkout = await repository.insertCheckout(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      planCode: plan.code,
      billingPeriod: input.billingPeriod,
      amountCents,
      provider: provider.name,
    })
    const { url, externalId } = await provider.createCheckoutUrl(checkout)
    if (externalId) await repository.setCheckoutExternalId(tx, checkout.id, externalId)
    await recordAudit(tx, ctx, {
      agencyId: actor.agencyId,
      actorUserId: actor.userId,
      action: 'billing.checkout_started',
      entityType: 'checkout_session',
      entityId: checkout.id,
      details: {
        planCode: plan.code,
        billingPeriod: input.billingPeriod,
        amountCents,
        provider: provider.name,
      },
    })
    return { url }
  })
}

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
    status: row.status as CheckoutSession['status'],
    testMode: row.provider === 'test',
  }
}

export async function getTestCheckout(db: Db, { actor }: Ctx, id: string): Promise<CheckoutSession> {
  const row = await repository.findCheckout(db, actor.agencyId, id)
  if (row?.provider !== 'test') throw notFound()
  return toCheckoutSession(row)
}

function periodEnd(period: BillingPeriod, from = new Date()): Date {
  const end = new Date(from)
  if (period === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1)
  else end.setUTCMonth(end.getUTCMonth() + 1)
  return end
}

/** The test checkout's Pay: activates the plan exactly as a provider's confirmed payment would. */
export function payTestCheckout(db: Db, ctx: Ctx, id: string): Promise<{ redirectUrl: string }> {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const row = await repository.findCheckout(tx, actor.agencyId, id, { forUpdate: true })
    if (row?.provider !== 'test') throw notFound()
    if (row.status !== 'open') throw new AppError('CONFLICT', { message: SUBSCRIPTION_TEXTS.checkoutNotOpen })
    const period = row.billingPeriod as BillingPeriod
    const plan = getPlan(row.planCode)!
    await repository.closeCheckout(tx, id, 'paid')
    await activatePlan(tx, actor.agencyId, {
      planCode: plan.code,
      billingPeriod: period,
      endsAt: periodEnd(period),
    })
    await recordAudit(tx, ctx, {
      agencyId: actor.agencyId,
      actorUserId: actor.userId,
      action: 'billing.subscription_activated',
      entityType: 'checkout_session',
      entityId: id,
      details: { planCode: plan.code, billingPeriod: period, amountCents: row.amountCents, testMode: true },
    })
    await notifyUser(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      title: `${plan.name} plan active`,
      message: `Your agency is now on the ${plan.name} plan with ${plan.monthlyApplicationLimit.toLocaleString('en-US')} applications per month.`,
      type: 'update',
      priority: 'normal',
    })
    const query = new URLSearchParams({ session_id: id, plan: plan.code })
    return { redirectUrl: `/success?${query}` }
  })
}

export function cancelTestCheckout(db: Db, ctx: Ctx, id: string): Promise<{ redirectUrl: string }> {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const row = await repository.findCheckout(tx, actor.agencyId, id, { forUpdate: true })
    if (row?.provider !== 'test') throw notFound()
    if (row.status !== 'open') throw new AppError('CONFLICT', { message: SUBSCRIPTION_TEXTS.checkoutNotOpen })
    await repository.closeCheckout(tx, id, 'cancelled')
    await recordAudit(tx, ctx, {
      agencyId: actor.agencyId,
      actorUserId: actor.userId,
      action: 'billing.checkout_cancelled',
      entityType: 'checkout_session',
      entityId: id,
    })
    return { redirectUrl: '/cancel' }
  })
}
