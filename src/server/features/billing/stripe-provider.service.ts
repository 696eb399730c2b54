import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { type BillingPeriod, getPlan, type PlanCode, planPriceCents } from '#shared/domain/plans.ts'
import {
  type PlanChoice,
  ProviderError,
  type ProviderSubscription,
  type StripePaymentProvider,
} from './payment-provider.service.ts'
import { lookupKeyOf, toProviderEvent, toProviderSubscription } from './stripe-objects.service.ts'

export interface StripeSettings {
  secretKey: string
  webhookSecret: string
  /** The app's public address: where Checkout and the portal send the browser back. */
  publicUrl: string
  /** Another API address (tests' loopback fake, an egress proxy); Stripe's own without it. */
  apiBase?: string
}

/** Stripe's check of a webhook's age: a signature older than this is refused (a replay). */
export const WEBHOOK_TOLERANCE_SECONDS = 300

const INTERVAL: Record<BillingPeriod, 'month' | 'year'> = { monthly: 'month', yearly: 'year' }

function clientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 }
  if (!apiBase) return options
  const url = new URL(apiBase)
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  }
}

/** The Stripe adapter: Checkout Sessions in subscription mode, plan changes, the portal, webhooks. */
export function createStripeProvider(settings: StripeSettings): StripePaymentProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiBase))
  const prices = new Map<string, Promise<string>>()

  /** The price of a plan and period: found by lookup key, created (and the key moved to it) if missing or stale. */
  async function resolvePrice(planCode: PlanCode, period: BillingPeriod): Promise<string> {
    const plan = getPlan(planCode)!
    const key = lookupKeyOf(planCode, period)
    const amount = planPriceCents(plan, period)
    const found = (await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 })).data[0]
    const current =
      found?.unit_amount === amount &&
      found.currency === 'usd' &&
      found.recurring?.interval === INTERVAL[period]
    if (found && current) return found.id
    const created = await stripe.prices.create(
      {
        currency: 'usd',
        unit_amount: amount,
        recurring: { interval: INTERVAL[period] },
        lookup_key: key,
        transfer_lookup_key: Boolean(found),
        product_data: { name: `${plan.name} plan` },
        metadata: { plan_code: planCode, billing_period: period },
      },
      { idempotencyKey: `price-${key}-${amount}` },
    )
    return created.id
  }

  function priceFor({ planCode, billingPeriod }: PlanChoice): Promise<string> {
    const key = `${planCode}:${billingPeriod}`
    let price = prices.get(key)
    if (!price) {
      price = resolvePrice(planCode, billingPeriod)
      prices.set(key, price)
      // A failed look-up is asked again next time.
      price.catch(() => prices.delete(key))
    }
    return price
  }

  async function releaseSchedule(subscription: ProviderSubscription, idempotencyKey: string) {
    if (subscription.scheduleId)
      await stripe.subscriptionSchedules.release(subscription.scheduleId, {}, { idempotencyKey })
  }

  const provider: StripePaymentProvider = {
    name: 'stripe',

    async createCustomer({ agencyId, name, email }) {
      const customer = await stripe.customers.create(
        { name, email, metadata: { agency_id: agencyId } },
        { idempotencyKey: `customer-${agencyId}` },
      )
      return customer.id
    },

    async createCheckout({ id, agencyId, customerId, choice }) {
      const price = await priceFor(choice)
      const metadata = {
        agency_id: agencyId,
        plan_code: choice.planCode,
        billing_period: choice.billingPeriod,
      }
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: customerId,
          client_reference_id: id,
          line_items: [{ price, quantity: 1 }],
          success_url: `${settings.publicUrl}/success?session_id={CHECKOUT_SESSION_ID}&plan=${choice.planCode}`,
          cancel_url: `${settings.publicUrl}/cancel`,
          metadata: { ...metadata, checkout_id: id },
          subscription_data: { metadata },
        },
        { idempotencyKey: `checkout-${id}` },
      )
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL')
      return { url: session.url, externalId: session.id }
    },

    async retrieveSubscription(id) {
      return toProviderSubscription(await stripe.subscriptions.retrieve(id))
    },

    async upgrade(subscription, choice, idempotencyKey) {
      await releaseSchedule(subscription, `${idempotencyKey}-release`)
      const updated = await stripe.subscriptions.update(
        subscription.id,
        {
          items: [{ id: subscription.itemId ?? undefined, price: await priceFor(choice) }],
          proration_behavior: 'always_invoice',
          cancel_at_period_end: false,
          metadata: { plan_code: choice.planCode, billing_period: choice.billingPeriod },
          expand: ['latest_invoice'],
        },
        { idempotencyKey },
      )
      const invoice = updated.latest_invoice
      const chargedCents = invoice && typeof invoice === 'object' ? invoice.amount_due : 0
      return { subscription: toProviderSubscription(updated), chargedCents }
    },

    async scheduleDowngrade(subscription, choice, idempotencyKey) {
      const schedule = subscription.scheduleId
        ? await stripe.subscriptionSchedules.retrieve(subscription.scheduleId)
        : await stripe.subscriptionSchedules.create(
            { from_subscription: subscription.id },
            { idempotencyKey: `${idempotencyKey}-schedule` },
          )
      const phase = schedule.current_phase ?? schedule.phases[0]
      await stripe.subscriptionSchedules.update(
        schedule.id,
        {
          end_behavior: 'release',
          phases: [
            {
              items: [{ price: subscription.priceId ?? undefined, quantity: 1 }],
              start_date: phase?.start_date,
              end_date: phase?.end_date,
            },
            {
              items: [{ price: await priceFor(choice), quantity: 1 }],
              duration: { interval: INTERVAL[choice.billingPeriod], interval_count: 1 },
              proration_behavior: 'none',
            },
          ],
        },
        { idempotencyKey: `${idempotencyKey}-phases` },
      )
      return toProviderSubscription(await stripe.subscriptions.retrieve(subscription.id))
    },

    async cancelAtPeriodEnd(subscription, idempotencyKey) {
      await releaseSchedule(subscription, `${idempotencyKey}-release`)
      const updated = await stripe.subscriptions.update(
        subscription.id,
        { cancel_at_period_end: true },
        { idempotencyKey },
      )
      return toProviderSubscription(updated)
    },

    async openPortal(customerId) {
      const session = await stripe.billingPortal.sessions.create(
        { customer: customerId, return_url: `${settings.publicUrl}/settings?tab=subscription` },
        { idempotencyKey: `portal-${randomUUID()}` },
      )
      return session.url
    },

    verifyEvent(rawBody, signature) {
      return toProviderEvent(
        stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS),
      )
    },
  }
  return withProviderErrors(provider)
}

/** Stripe's own errors (refusals, timeouts, connection failures) become ProviderError. */
function withProviderErrors(provider: StripePaymentProvider): StripePaymentProvider {
  const wrapped = { ...provider }
  for (const key of Object.keys(provider) as (keyof StripePaymentProvider)[]) {
    const method = provider[key]
    if (typeof method !== 'function' || key === 'verifyEvent') continue
    Object.assign(wrapped, {
      [key]: async (...args: unknown[]) => {
        try {
          return await (method as (...a: unknown[]) => Promise<unknown>)(...args)
        } catch (error) {
          if (error instanceof Stripe.errors.StripeError) {
            throw new ProviderError(`Stripe: ${error.type}: ${error.message}`, {
              cause: error,
              status: error.statusCode,
            })
          }
          throw error
        }
      },
    })
  }
  return wrapped
}
