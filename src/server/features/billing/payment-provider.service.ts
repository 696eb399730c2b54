import type { BillingPeriod, PlanCode } from '#shared/domain/plans.ts'

/**
 * Where a paid plan is paid. Without STRIPE_SECRET_KEY the built-in test provider sends the
 * browser to our own test checkout page, labelled as test mode, and billing keeps the
 * subscription itself (renewals, plan changes, receipts). With it, the Stripe adapter
 * (stripe-provider.ts) does, and Stripe's webhooks report what happened.
 */
export type PaymentProvider = TestPaymentProvider | StripePaymentProvider

export interface TestPaymentProvider {
  readonly name: 'test'
  createCheckoutUrl(checkout: { id: string }): Promise<{ url: string }>
}

export interface PlanChoice {
  planCode: PlanCode
  billingPeriod: BillingPeriod
}

/** Stripe's subscription as billing reads it. */
export interface ProviderSubscription {
  id: string
  customerId: string
  /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, … */
  status: string
  planCode: PlanCode | null
  billingPeriod: BillingPeriod | null
  itemId: string | null
  priceId: string | null
  currentPeriodStart: Date | null
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  trialEnd: Date | null
  scheduleId: string | null
}

export interface ProviderInvoice {
  id: string
  number: string
  customerId: string
  subscriptionId: string | null
  amountCents: number
  currency: string
  status: 'paid' | 'open' | 'failed' | 'void' | 'uncollectible'
  periodStart: Date | null
  periodEnd: Date | null
  hostedUrl: string | null
  pdfUrl: string | null
  paidAt: Date | null
}

/** A verified Stripe event, reduced to what billing applies. `created` is Unix seconds. */
export type ProviderEvent = { id: string; type: string; created: number } & (
  | {
      kind: 'checkout_completed'
      customerId: string | null
      subscriptionId: string | null
      checkoutId: string | null
      agencyId: string | null
      amountCents: number
    }
  | { kind: 'subscription'; subscription: ProviderSubscription; agencyId: string | null }
  | { kind: 'invoice'; invoice: ProviderInvoice }
  | { kind: 'other' }
)

export interface StripePaymentProvider {
  readonly name: 'stripe'
  /** The agency's Stripe customer, made once (its id is kept in the billing account). */
  createCustomer(agency: { agencyId: string; name: string; email: string }): Promise<string>
  /** A Checkout Session in subscription mode; answers its hosted page. */
  createCheckout(checkout: {
    id: string
    agencyId: string
    customerId: string
    choice: PlanChoice
  }): Promise<{ url: string; externalId: string }>
  retrieveSubscription(id: string): Promise<ProviderSubscription>
  /** An upgrade: the new price at once, the difference prorated and invoiced now. */
  upgrade(
    subscription: ProviderSubscription,
    choice: PlanChoice,
    idempotencyKey: string,
  ): Promise<{ subscription: ProviderSubscription; chargedCents: number }>
  /** A downgrade: the current price to the period's end, then the new one (a subscription schedule). */
  scheduleDowngrade(
    subscription: ProviderSubscription,
    choice: PlanChoice,
    idempotencyKey: string,
  ): Promise<ProviderSubscription>
  cancelAtPeriodEnd(subscription: ProviderSubscription, idempotencyKey: string): Promise<ProviderSubscription>
  /** A Customer Portal session; it sends the browser back to Settings › Subscription. */
  openPortal(customerId: string): Promise<string>
  /** Checks the signature over the raw body (300 s tolerance); throws when it does not hold. */
  verifyEvent(rawBody: Buffer, signature: string): ProviderEvent
}

export const testPaymentProvider: TestPaymentProvider = {
  name: 'test',
  async createCheckoutUrl(checkout) {
    return { url: `/test-checkout/${checkout.id}` }
  },
}

/** The provider refused or could not be reached (not a fault of ours): the caller may try again. */
export class ProviderError extends Error {
  override name = 'ProviderError'
  constructor(message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, { cause: options.cause })
    this.status = options.status
  }
  /** The provider's HTTP status, when it answered (404: no such object). */
  readonly status: number | undefined
}
