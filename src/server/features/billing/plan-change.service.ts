import type { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { type CheckoutAnswerSchema, SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import type { BillingPeriod, PlanCode } from '#shared/domain/plans.ts'
import { lockAgency } from '../agencies/agencies.service.ts'
import { isLiveStripeStatus } from './apply-stripe-subscription.ts'
import { saveBillingAccount } from './billing-accounts.repository.ts'
import { type PaymentProvider, ProviderError } from './payment-provider.service.ts'
import { type AgencyBilling, readSubscriptionState } from './subscription-state.service.ts'

// What every plan change shares (the checkout, the upgrade, the downgrade, the cancellation):
// kept here so that the use cases import it and not each other.

export type CheckoutAnswer = z.infer<typeof CheckoutAnswerSchema>
export interface BillingDeps {
  db: Db
  provider: PaymentProvider
}
export interface PlanRequest {
  planCode: PlanCode
  billingPeriod: BillingPeriod
  idempotencyKey?: string
}

/** The subscription lives on Stripe (not a test-mode plan from before Stripe was configured). */
export function isOnStripe(provider: PaymentProvider, billing: AgencyBilling): boolean {
  return (
    provider.name === 'stripe' &&
    billing.state.provider === 'stripe' &&
    billing.state.planCode !== 'free' &&
    isLiveStripeStatus(billing.account?.stripeSubscriptionStatus)
  )
}

/**
 * The public demo agency's plan stays as seeded: every visitor shares it, and with Stripe
 * configured a visitor's card would pay for it.
 */
export function refuseDemoAgency(billing: Pick<AgencyBilling, 'isDemo'>): void {
  if (billing.isDemo) throw new AppError('FORBIDDEN', { message: SUBSCRIPTION_TEXTS.demoPlanLocked })
}

/** How long a plan change waiting on the provider holds off another (a crashed one frees after this). */
const CHANGE_LEASE_MS = 60_000

/**
 * Marks a plan change as under way before calling the provider, so that no database lock is held
 * across the network call: a second change meanwhile is refused (409) rather than raced, and two
 * upgrades at once leave one plan. Answers the state as it is now.
 */
export function beginProviderChange(db: Db, agencyId: string, now = new Date()): Promise<AgencyBilling> {
  return db.transaction(async (tx) => {
    await lockAgency(tx, agencyId)
    const billing = await readSubscriptionState(tx, agencyId)
    const started = billing.account?.changeStartedAt
    if (started && now.getTime() - started.getTime() < CHANGE_LEASE_MS) {
      throw new AppError('CONFLICT', { message: SUBSCRIPTION_TEXTS.changeInProgress })
    }
    await saveBillingAccount(tx, agencyId, { changeStartedAt: now })
    return billing
  })
}

export async function endProviderChange(db: Db, agencyId: string): Promise<void> {
  await saveBillingAccount(db, agencyId, { changeStartedAt: null })
}

/** A provider failure as the caller sees it: 502 with a message; anything else goes on as it is. */
export function asProviderFailure(error: unknown): unknown {
  return error instanceof ProviderError
    ? new AppError('UPSTREAM_UNAVAILABLE', { message: SUBSCRIPTION_TEXTS.providerUnavailable })
    : error
}

/** Runs a change under the lease, always freeing it. */
export async function withProviderChange<T>(
  db: Db,
  agencyId: string,
  change: (billing: AgencyBilling) => Promise<T>,
): Promise<T> {
  const billing = await beginProviderChange(db, agencyId)
  try {
    return await change(billing)
  } catch (error) {
    throw asProviderFailure(error)
  } finally {
    await endProviderChange(db, agencyId)
  }
}
