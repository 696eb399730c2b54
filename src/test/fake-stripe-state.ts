/**
 * The state behind the fake Stripe API (fake-stripe.ts): the objects the adapter creates and
 * reads, shaped as Stripe's API answers them (only the fields billing reads, plus ids), and what
 * Stripe itself would do later (complete a checkout, renew, fail a payment), answering the events
 * Stripe would send.
 */
// biome-ignore lint/suspicious/noExplicitAny: objects as they travel on the wire
export type Obj = Record<string, any>

export function addInterval(seconds: number, interval: string): number {
  const date = new Date(seconds * 1000)
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1)
  else date.setUTCMonth(date.getUTCMonth() + 1)
  return Math.floor(date.getTime() / 1000)
}

export class FakeStripeState {
  customers = new Map<string, Obj>()
  prices = new Map<string, Obj>()
  sessions = new Map<string, Obj>()
  subscriptions = new Map<string, Obj>()
  schedules = new Map<string, Obj>()
  invoices = new Map<string, Obj>()
  portalSessions: Obj[] = []
  private counter = 0
  private lastEventAt = 0
  /** The fake's clock (Unix seconds); tests move it to play out later periods. */
  now = () => Math.floor(Date.now() / 1000)

  id(prefix: string): string {
    this.counter += 1
    return `${prefix}_fake${String(this.counter).padStart(6, '0')}`
  }

  /** An event as Stripe sends it, carrying a copy of the object as it is now. */
  event(type: string, object: Obj): Obj {
    this.lastEventAt = Math.max(this.now(), this.lastEventAt + 1)
    return {
      id: this.id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: this.lastEventAt,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    }
  }

  createSubscription(customer: string, price: Obj, metadata: Obj, startedAt: number): Obj {
    const subscription: Obj = {
      id: this.id('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      trial_end: null,
      schedule: null,
      latest_invoice: null,
      metadata,
      created: startedAt,
      items: { object: 'list', data: [] as Obj[], has_more: false },
    }
    subscription.items.data.push({
      id: this.id('si'),
      object: 'subscription_item',
      price,
      quantity: 1,
      current_period_start: startedAt,
      current_period_end: addInterval(startedAt, price.recurring.interval),
    })
    this.subscriptions.set(subscription.id, subscription)
    return subscription
  }

  item(subscription: Obj): Obj {
    return subscription.items.data[0]
  }

  createInvoice(subscription: Obj, amount: number, paid: boolean): Obj {
    const item = this.item(subscription)
    const invoice: Obj = {
      id: this.id('in'),
      object: 'invoice',
      number: `FAKE-${String(this.invoices.size + 1).padStart(4, '0')}`,
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: 'usd',
      created: this.now(),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      hosted_invoice_url: 'https://invoice.stripe.test/i/fake',
      invoice_pdf: 'https://pay.stripe.test/invoice/fake/pdf',
      lines: {
        object: 'list',
        data: [{ period: { start: item.current_period_start, end: item.current_period_end } }],
      },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: {} },
      },
      status_transitions: { paid_at: paid ? this.now() : null },
    }
    this.invoices.set(invoice.id, invoice)
    subscription.latest_invoice = invoice.id
    return invoice
  }

  /** The proration Stripe invoices for a price change now (what the adapter's always_invoice asks). */
  prorate(subscription: Obj, from: Obj, to: Obj): number {
    const item = this.item(subscription)
    const total = item.current_period_end - item.current_period_start
    const left = Math.max(0, item.current_period_end - this.now())
    const share = total > 0 ? left / total : 0
    const sameInterval = from.recurring.interval === to.recurring.interval
    return Math.max(
      0,
      Math.round((sameInterval ? to.unit_amount * share : to.unit_amount) - from.unit_amount * share),
    )
  }

  /** The customer pays on Stripe's page: a subscription, its first invoice, and the events. */
  completeCheckout(sessionId: string, options: { startedAt?: number } = {}) {
    const session = this.sessions.get(sessionId)
    if (!session) throw new Error(`No checkout session ${sessionId}`)
    const price = this.prices.get(session.line_items[0].price)!
    const subscription = this.createSubscription(
      session.customer,
      price,
      session.subscription_data?.metadata ?? {},
      options.startedAt ?? this.now(),
    )
    const invoice = this.createInvoice(subscription, price.unit_amount, true)
    Object.assign(session, {
      status: 'complete',
      subscription: subscription.id,
      amount_total: price.unit_amount,
    })
    return {
      subscription,
      invoice,
      events: [this.event('checkout.session.completed', session), this.event('invoice.paid', invoice)],
    }
  }

  /**
   * The period ends: a cancelled subscription ends; otherwise a schedule's next phase takes its
   * price, a new period starts and its invoice is paid (or fails: past due).
   */
  endPeriod(subscriptionId: string, options: { paymentFails?: boolean } = {}): Obj[] {
    const subscription = this.subscriptions.get(subscriptionId)!
    const item = this.item(subscription)
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, { status: 'canceled', canceled_at: item.current_period_end })
      return [this.event('customer.subscription.deleted', subscription)]
    }
    const schedule = subscription.schedule ? this.schedules.get(subscription.schedule) : null
    const next = schedule?.phases?.[1]
    if (schedule && next) {
      item.price = this.prices.get(next.items[0].price)
      Object.assign(schedule, { status: 'released', released_subscription: subscription.id })
      subscription.schedule = null
    }
    item.current_period_start = item.current_period_end
    item.current_period_end = addInterval(item.current_period_start, item.price.recurring.interval)
    const invoice = this.createInvoice(subscription, item.price.unit_amount, !options.paymentFails)
    if (options.paymentFails) {
      subscription.status = 'past_due'
      return [
        this.event('invoice.payment_failed', invoice),
        this.event('customer.subscription.updated', subscription),
      ]
    }
    return [this.event('invoice.paid', invoice), this.event('customer.subscription.updated', subscription)]
  }

  /** A retried payment of the latest invoice succeeds. */
  payLatestInvoice(subscriptionId: string): Obj[] {
    const subscription = this.subscriptions.get(subscriptionId)!
    const invoice = this.invoices.get(subscription.latest_invoice)!
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due })
    invoice.status_transitions.paid_at = this.now()
    subscription.status = 'active'
    return [this.event('invoice.paid', invoice), this.event('customer.subscription.updated', subscription)]
  }
}
