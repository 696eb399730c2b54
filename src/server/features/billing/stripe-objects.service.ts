import type Stripe from 'stripe'
import {
  BILLING_PERIODS,
  type BillingPeriod,
  getPlan,
  PLAN_CODES,
  type PlanCode,
} from '#shared/domain/plans.ts'
import type { ProviderEvent, ProviderInvoice, ProviderSubscription } from './payment-provider.service.ts'

/** One Stripe price per plan and period, found by this lookup key and created on first use. */
export function lookupKeyOf(planCode: PlanCode, period: BillingPeriod): string {
  return `backoffice_${planCode}_${period}`
}

export function planOfPrice(price: Stripe.Price | null | undefined): {
  planCode: PlanCode | null
  billingPeriod: BillingPeriod | null
} {
  const match = /^backoffice_([a-z]+)_([a-z]+)$/.exec(price?.lookup_key ?? '')
  const planCode = match?.[1] ?? price?.metadata?.plan_code
  const period = match?.[2] ?? price?.metadata?.billing_period
  return {
    planCode: PLAN_CODES.find((code) => code === planCode) ?? null,
    billingPeriod: BILLING_PERIODS.find((each) => each === period) ?? null,
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id
const dateOf = (seconds: number | null | undefined): Date | null =>
  seconds ? new Date(seconds * 1000) : null

export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items?.data?.[0]
  const { planCode, billingPeriod } = planOfPrice(item?.price)
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    planCode: planCode ?? (getPlan(subscription.metadata?.plan_code ?? '')?.code || null),
    billingPeriod,
    itemId: item?.id ?? null,
    priceId: item?.price?.id ?? null,
    currentPeriodStart: dateOf(item?.current_period_start),
    currentPeriodEnd: dateOf(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at != null,
    trialEnd: dateOf(subscription.trial_end),
    scheduleId: idOf(subscription.schedule),
  }
}

const INVOICE_STATUSES = ['paid', 'open', 'void', 'uncollectible'] as const

export function toProviderInvoice(invoice: Stripe.Invoice, failed: boolean): ProviderInvoice {
  const line = invoice.lines?.data?.[0]
  const status = INVOICE_STATUSES.find((each) => each === invoice.status) ?? 'open'
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? invoice.id ?? '',
    customerId: idOf(invoice.customer) ?? '',
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    amountCents: status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status: failed && status === 'open' ? 'failed' : status,
    periodStart: dateOf(line?.period?.start ?? invoice.period_start),
    periodEnd: dateOf(line?.period?.end ?? invoice.period_end),
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
    paidAt: dateOf(invoice.status_transitions?.paid_at),
  }
}

/** The five event types billing applies; any other is acknowledged and left alone. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, type: event.type, created: event.created }
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      return {
        ...base,
        kind: 'checkout_completed',
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        checkoutId: session.client_reference_id,
        agencyId: session.metadata?.agency_id ?? null,
        amountCents: session.amount_total ?? 0,
      }
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object
      return {
        ...base,
        kind: 'subscription',
        subscription: toProviderSubscription(subscription),
        agencyId: subscription.metadata?.agency_id ?? null,
      }
    }
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return {
        ...base,
        kind: 'invoice',
        invoice: toProviderInvoice(event.data.object, event.type === 'invoice.payment_failed'),
      }
    default:
      return { ...base, kind: 'other' }
  }
}
