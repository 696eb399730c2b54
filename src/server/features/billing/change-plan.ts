import { AppError, invalidField } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import { type CheckoutInput, SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { classifyPlanChange } from '#shared/domain/plans.ts'
import * as repository from './billing.repository.ts'
import { cancelSubscription } from './cancel-subscription.ts'
import {
  type BillingDeps,
  type CheckoutAnswer,
  isOnStripe,
  type PlanRequest,
  refuseDemoAgency,
} from './plan-change.service.ts'
import { scheduleDowngrade } from './schedule-downgrade.ts'
import { readSubscriptionState } from './subscription-state.service.ts'
import { openCheckout, resumeCheckout, startTestUpgrade, upgradeOnStripe } from './upgrade-plan.ts'

/**
 * POST /api/subscription/checkout: the one call that changes the plan (spec §4: Upgrade sends the
 * plan and period). From Free it opens a checkout; a paid plan upgrades at once (the prorated
 * difference paid through the test checkout, or invoiced by Stripe); a lower plan is scheduled for
 * the period's end; Free cancels at the period's end. The same idempotency key again answers the
 * first call's checkout.
 */
export async function startPlanChange(
  deps: BillingDeps,
  ctx: Ctx,
  input: CheckoutInput,
): Promise<CheckoutAnswer> {
  const request: PlanRequest = input
  if (request.idempotencyKey) {
    const earlier = await repository.findCheckoutByKey(deps.db, ctx.actor.agencyId, request.idempotencyKey)
    if (earlier) return replay(deps, ctx, earlier, request)
  }
  const billing = await readSubscriptionState(deps.db, ctx.actor.agencyId)
  refuseDemoAgency(billing)
  const { state } = billing
  if (request.planCode === 'free') {
    if (state.planCode === 'free') throw invalidField('planCode', SUBSCRIPTION_TEXTS.freePlanCheckout)
    const { subscriptionEndsAt } = await cancelSubscription(deps, ctx)
    return { url: '/subscription', change: 'cancelled', effectiveAt: subscriptionEndsAt }
  }
  const change = classifyPlanChange(state, request)
  if (change === 'same') throw invalidField('planCode', SUBSCRIPTION_TEXTS.currentPlanCheckout)
  try {
    if (state.planCode === 'free' || (deps.provider.name === 'stripe' && !isOnStripe(deps.provider, billing)))
      return await openCheckout(deps, ctx, billing, request)
    if (change === 'upgrade') {
      return deps.provider.name === 'test'
        ? await startTestUpgrade(deps, ctx, billing, request)
        : await upgradeOnStripe(deps.db, deps.provider, ctx, request)
    }
    return await scheduleDowngrade(deps, ctx, request)
  } catch (error) {
    // Two calls with one new key at once: the second answers the first's checkout.
    if (request.idempotencyKey && isUniqueViolation(error)) {
      const earlier = await repository.findCheckoutByKey(deps.db, ctx.actor.agencyId, request.idempotencyKey)
      if (earlier) return replay(deps, ctx, earlier, request)
    }
    throw error
  }
}

/** A call repeated with its idempotency key: the same checkout, resumed if it never reached the provider. */
async function replay(
  deps: BillingDeps,
  ctx: Ctx,
  earlier: repository.CheckoutRow,
  request: PlanRequest,
): Promise<CheckoutAnswer> {
  if (earlier.planCode !== request.planCode || earlier.billingPeriod !== request.billingPeriod) {
    throw new AppError('CONFLICT', { message: SUBSCRIPTION_TEXTS.idempotencyKeyReused })
  }
  // A Stripe upgrade under this key is done, or still with Stripe (a failed one gave its key back).
  if (earlier.kind === 'upgrade' && earlier.provider === 'stripe') {
    if (earlier.status === 'paid') return { url: '/subscription', change: 'upgraded', effectiveAt: null }
    throw new AppError('CONFLICT', { message: SUBSCRIPTION_TEXTS.changeInProgress })
  }
  if (earlier.url && earlier.status === 'open')
    return { url: earlier.url, change: 'checkout', effectiveAt: null }
  if (earlier.status !== 'open' && earlier.status !== 'failed')
    throw new AppError('CONFLICT', { message: SUBSCRIPTION_TEXTS.checkoutNotOpen })
  return resumeCheckout(deps, ctx, earlier)
}
