import type { Db, Executor } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import { getPlan } from '#shared/domain/plans.ts'
import { findAgencyPlan, lockAgency } from '../agencies/agencies.service.ts'
import { applyStripeSubscription } from './apply-stripe-subscription.ts'
import * as repository from './billing.repository.ts'
import { findAgencyIdByStripeCustomer, saveBillingAccount } from './billing-accounts.repository.ts'
import { recordStripeEvent, upsertProviderInvoice } from './billing-records.repository.ts'
import { describeCharge } from './invoices.service.ts'
import {
  ProviderError,
  type ProviderEvent,
  type ProviderSubscription,
  type StripePaymentProvider,
} from './payment-provider.service.ts'
import { readSubscriptionState } from './subscription-state.service.ts'

export type WebhookOutcome = { refused: true } | { refused: false; applied: boolean; reason?: string }

const isUuid = (value: string | null | undefined) =>
  Boolean(value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))

/**
 * POST /api/billing/stripe-webhook. The signature is checked over the raw body (300 s tolerance);
 * a bad or old one changes nothing. Each event id is applied once per agency. Events about a
 * subscription bring its state, fetched from Stripe when the event does not carry it (outside the
 * transaction), and older news than what was applied is ignored: any delivery order ends in
 * Stripe's final state.
 */
export async function receiveStripeEvent(
  db: Db,
  provider: StripePaymentProvider,
  meta: RequestMeta,
  raw: Buffer,
  signature: string,
): Promise<WebhookOutcome> {
  let event: ProviderEvent
  try {
    event = provider.verifyEvent(raw, signature)
  } catch {
    return { refused: true }
  }
  if (event.kind === 'other') return { refused: false, applied: false, reason: `Not handled: ${event.type}` }
  const subscriptionId =
    event.kind === 'subscription'
      ? null
      : event.kind === 'invoice'
        ? event.invoice.subscriptionId
        : event.subscriptionId
  const fetched = subscriptionId ? await fetchSubscription(provider, subscriptionId) : null
  const subscription = event.kind === 'subscription' ? event.subscription : fetched
  const agencyId = await findAgency(db, event, subscription)
  if (!agencyId) return { refused: false, applied: false, reason: 'Not one of our customers' }
  return db.transaction(async (tx) => {
    await lockAgency(tx, agencyId)
    if (!(await recordStripeEvent(tx, { agencyId, eventId: event.id, type: event.type }))) {
      return { refused: false, applied: false, reason: 'Event already received' }
    }
    const applied = await applyEvent(tx, meta, agencyId, event, subscription)
    await recordAuditAs(
      tx,
      meta,
      { agencyId, actorUserId: null },
      {
        action: 'billing.stripe_event_received',
        entity: { type: 'stripe_event', id: event.id },
        details: { type: event.type, applied, subscriptionId: subscription?.id ?? null },
      },
    )
    return { refused: false, applied, ...(applied ? {} : { reason: 'Older than the state already applied' }) }
  })
}

/** The subscription an event names; null when Stripe no longer has it (nothing to apply then). */
async function fetchSubscription(provider: StripePaymentProvider, id: string) {
  try {
    return await provider.retrieveSubscription(id)
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return null
    throw error
  }
}

/** Our agency for the event: by its Stripe customer, else by the agency id we put in the metadata. */
async function findAgency(db: Db, event: ProviderEvent, subscription: ProviderSubscription | null) {
  const customerId =
    subscription?.customerId ||
    (event.kind === 'invoice'
      ? event.invoice.customerId
      : event.kind === 'checkout_completed'
        ? event.customerId
        : null)
  const byCustomer = customerId ? await findAgencyIdByStripeCustomer(db, customerId) : undefined
  if (byCustomer) return byCustomer
  const claimed = event.kind === 'checkout_completed' || event.kind === 'subscription' ? event.agencyId : null
  return isUuid(claimed) && (await findAgencyPlan(db, claimed!)) ? claimed : null
}

async function applyEvent(
  tx: Executor,
  meta: RequestMeta,
  agencyId: string,
  event: Exclude<ProviderEvent, { kind: 'other' }>,
  subscription: ProviderSubscription | null,
): Promise<boolean> {
  const { account } = await readSubscriptionState(tx, agencyId)
  let actorUserId: string | null = null
  let chargedCents: number | undefined
  if (event.kind === 'checkout_completed') {
    const checkout = isUuid(event.checkoutId)
      ? await repository.findCheckout(tx, agencyId, event.checkoutId!, { forUpdate: true })
      : undefined
    if (checkout?.status === 'open') await repository.closeCheckout(tx, agencyId, checkout.id, 'paid')
    actorUserId = checkout?.userId ?? null
    chargedCents = event.amountCents
    await saveBillingAccount(tx, agencyId, {
      stripeCustomerId: event.customerId ?? account?.stripeCustomerId ?? null,
      ...(actorUserId ? { billingUserId: actorUserId } : {}),
    })
  }
  if (event.kind === 'invoice') {
    const { invoice } = event
    const plan = subscription?.planCode ? getPlan(subscription.planCode) : undefined
    await upsertProviderInvoice(tx, {
      agencyId,
      provider: 'stripe',
      externalId: invoice.id,
      number: invoice.number,
      description:
        plan && subscription?.billingPeriod
          ? describeCharge(plan.code, subscription.billingPeriod, 'new')
          : 'Subscription invoice',
      planCode: plan?.code ?? null,
      billingPeriod: subscription?.billingPeriod ?? null,
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      status: invoice.status,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      hostedUrl: invoice.hostedUrl,
      pdfUrl: invoice.pdfUrl,
      paidAt: invoice.paidAt,
    })
  }
  if (!subscription) return true
  const fresh = (await readSubscriptionState(tx, agencyId)).account
  return applyStripeSubscription(tx, meta, {
    agencyId,
    account: fresh,
    subscription,
    stateAt: event.created,
    actorUserId,
    chargedCents,
    reason: `stripe:${event.type}`,
    paymentFailed: event.type === 'invoice.payment_failed',
  })
}
