import type { Db } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { classifyPlanChange, getPlan, planPriceCents } from '#shared/domain/plans.ts'
import { lockAgency } from '../agencies/agencies.service.ts'
import { findUserContact } from '../auth/auth.service.ts'
import { applyStripeSubscription } from './apply-stripe-subscription.ts'
import * as repository from './billing.repository.ts'
import { saveBillingAccount } from './billing-accounts.repository.ts'
import { proratedUpgradeCents } from './billing-periods.service.ts'
import type { StripePaymentProvider } from './payment-provider.service.ts'
import type { BillingDeps, CheckoutAnswer, PlanRequest } from './plan-change.service.ts'
import { asProviderFailure, withProviderChange } from './plan-change.service.ts'
import { type AgencyBilling, readSubscriptionState } from './subscription-state.service.ts'

/** A checkout row and its audit event: what the agency asked to pay, and from which plan. */
async function insertCheckout(
  db: Db,
  ctx: Ctx,
  billing: AgencyBilling,
  request: PlanRequest,
  values: { kind: 'new' | 'upgrade'; amountCents: number; provider: 'test' | 'stripe' },
) {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const row = await repository.insertCheckout(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      planCode: request.planCode,
      billingPeriod: request.billingPeriod,
      idempotencyKey: request.idempotencyKey ?? null,
      fromPlanCode: billing.state.planCode,
      fromBillingPeriod: billing.state.billingPeriod,
      ...values,
    })
    await recordAudit(tx, ctx, {
      action: 'billing.checkout_started',
      entity: { type: 'checkout_session', id: row.id },
      details: { ...values, planCode: request.planCode, billingPeriod: request.billingPeriod },
    })
    return row
  })
}

/** A new subscription: the provider's checkout page for the plan's whole price. */
export async function openCheckout(
  deps: BillingDeps,
  ctx: Ctx,
  billing: AgencyBilling,
  request: PlanRequest,
): Promise<CheckoutAnswer> {
  const amountCents = planPriceCents(getPlan(request.planCode)!, request.billingPeriod)
  const row = await insertCheckout(deps.db, ctx, billing, request, {
    kind: 'new',
    amountCents,
    provider: deps.provider.name,
  })
  return resumeCheckout(deps, ctx, row)
}

/**
 * Connects a checkout row to the provider (again, for a call repeated with its key: Stripe's own
 * idempotency key, the row's id, makes that one Checkout Session) and answers its page.
 */
export async function resumeCheckout(
  { db, provider }: BillingDeps,
  { actor }: Ctx,
  row: repository.CheckoutRow,
): Promise<CheckoutAnswer> {
  try {
    let connected: { url: string; externalId?: string }
    if (provider.name === 'test') {
      connected = await provider.createCheckoutUrl(row)
    } else {
      const customerId = await ensureStripeCustomer(db, provider, actor)
      connected = await provider.createCheckout({
        id: row.id,
        agencyId: actor.agencyId,
        customerId,
        choice: {
          planCode: getPlan(row.planCode)!.code,
          billingPeriod: row.billingPeriod === 'yearly' ? 'yearly' : 'monthly',
        },
      })
    }
    await repository.updateCheckout(db, actor.agencyId, row.id, {
      url: connected.url,
      externalId: connected.externalId ?? null,
    })
    return { url: connected.url, change: 'checkout', effectiveAt: null }
  } catch (error) {
    await repository.closeCheckout(db, actor.agencyId, row.id, 'failed')
    throw asProviderFailure(error)
  }
}

async function ensureStripeCustomer(db: Db, provider: StripePaymentProvider, actor: Ctx['actor']) {
  const { account } = await readSubscriptionState(db, actor.agencyId)
  if (account?.stripeCustomerId) return account.stripeCustomerId
  const contact = await findUserContact(db, actor.agencyId, actor.userId)
  const customerId = await provider.createCustomer({
    agencyId: actor.agencyId,
    name: contact?.agencyName ?? 'Agency',
    email: contact?.email ?? '',
  })
  await saveBillingAccount(db, actor.agencyId, { stripeCustomerId: customerId, billingUserId: actor.userId })
  return customerId
}

/** Test mode: the prorated difference is paid through the test checkout; paying applies it at once. */
export async function startTestUpgrade(
  deps: BillingDeps,
  ctx: Ctx,
  billing: AgencyBilling,
  request: PlanRequest,
): Promise<CheckoutAnswer> {
  const { state } = billing
  const oldPlan = getPlan(state.planCode)!
  const amountCents =
    state.currentPeriodStart && state.currentPeriodEnd
      ? proratedUpgradeCents({
          oldPriceCents: planPriceCents(oldPlan, state.billingPeriod ?? 'monthly'),
          newPriceCents: planPriceCents(getPlan(request.planCode)!, request.billingPeriod),
          periodStart: state.currentPeriodStart,
          periodEnd: state.currentPeriodEnd,
          samePeriodLength: state.billingPeriod === request.billingPeriod,
        })
      : planPriceCents(getPlan(request.planCode)!, request.billingPeriod)
  const row = await insertCheckout(deps.db, ctx, billing, request, {
    kind: 'upgrade',
    amountCents,
    provider: 'test',
  })
  return resumeCheckout(deps, ctx, row)
}

/** Stripe: the subscription's price changes at once and Stripe invoices the prorated difference. */
export function upgradeOnStripe(
  db: Db,
  provider: StripePaymentProvider,
  ctx: Ctx,
  request: PlanRequest,
): Promise<CheckoutAnswer> {
  const { actor } = ctx
  return withProviderChange(db, actor.agencyId, async (billing) => {
    // Decided again under the lease: another change may have landed since.
    if (classifyPlanChange(billing.state, request) !== 'upgrade')
      throw invalidField('planCode', SUBSCRIPTION_TEXTS.currentPlanCheckout)
    const row = await insertCheckout(db, ctx, billing, request, {
      kind: 'upgrade',
      amountCents: 0,
      provider: 'stripe',
    })
    try {
      const current = await provider.retrieveSubscription(billing.account!.stripeSubscriptionId!)
      const { subscription, chargedCents } = await provider.upgrade(current, request, `upgrade-${row.id}`)
      await db.transaction(async (tx) => {
        await lockAgency(tx, actor.agencyId)
        const { account } = await readSubscriptionState(tx, actor.agencyId)
        await applyStripeSubscription(tx, ctx, {
          agencyId: actor.agencyId,
          account,
          subscription,
          stateAt: 'answer',
          actorUserId: actor.userId,
          reason: 'upgrade',
          chargedCents,
        })
        await repository.updateCheckout(tx, actor.agencyId, row.id, {
          amountCents: chargedCents,
          url: '/subscription',
        })
        await repository.closeCheckout(tx, actor.agencyId, row.id, 'paid')
      })
      return { url: '/subscription', change: 'upgraded', effectiveAt: null }
    } catch (error) {
      await repository.closeCheckout(db, actor.agencyId, row.id, 'failed')
      await repository.releaseIdempotencyKey(db, actor.agencyId, row.id)
      if (error instanceof AppError) throw error
      throw asProviderFailure(error)
    }
  })
}
