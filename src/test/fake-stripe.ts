import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { addInterval, FakeStripeState, type Obj } from './fake-stripe-state.ts'

export const FAKE_STRIPE_KEY = 'sk_test_fake_backoffice'

export interface StripeRequest {
  method: string
  path: string
  idempotencyKey: string | null
  body: Obj
}

export interface FakeStripe {
  /** For STRIPE_API_BASE. */
  url: string
  state: FakeStripeState
  requests: StripeRequest[]
  /** The next request to this path is processed, then its connection dropped before the answer. */
  dropAnswerOnce(method: string, path: string): void
  /** Requests to this path answer 500 until cleared (Stripe unavailable). */
  failPath(method: string, path: string | null): void
  /** Requests to this path wait this long before they are processed (a slow network). */
  slowPath(method: string, path: string, delayMs: number): void
  close(): Promise<void>
}

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function parseForm(text: string): Obj {
  const root: Obj = {}
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = rawKey.replace(/\]/g, '').split('[')
    let node: Obj = root
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] = value
      else {
        node[key] ??= /^\d+$/.test(keys[index + 1]!) ? [] : {}
        node = node[key]
      }
    })
  }
  return root
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Stripe's API on loopback, for the adapter's tests: only the calls the adapter makes, answering
 * as Stripe does, with idempotency keys honoured (the same key and body answer the first result;
 * the same key with another body is refused) and failures to order.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const state = new FakeStripeState()
  const requests: StripeRequest[] = []
  const remembered = new Map<string, { body: string; status: number; answer: string }>()
  const drops = new Set<string>()
  const failing = new Set<string>()
  const slow = new Map<string, number>()

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const rawBody = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://fake')
    const method = req.method ?? 'GET'
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null
    const body = method === 'GET' ? parseForm(url.searchParams.toString()) : parseForm(rawBody)
    requests.push({ method, path: url.pathname, idempotencyKey: key, body })
    const send = (status: number, answer: string) => {
      const route = `${method} ${url.pathname}`
      if (drops.delete(route)) return req.socket.destroy()
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': state.id('req') }).end(answer)
    }
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return send(
        401,
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key' } }),
      )
    }
    if (failing.has(`${method} ${url.pathname}`)) {
      return send(500, JSON.stringify({ error: { type: 'api_error', message: 'Fake outage' } }))
    }
    const delay = slow.get(`${method} ${url.pathname}`)
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay))
    const earlier = key ? remembered.get(key) : undefined
    if (earlier) {
      if (earlier.body !== rawBody) {
        const message =
          'Keys for idempotent requests can only be used with the same parameters they were first used with.'
        return send(400, JSON.stringify({ error: { type: 'idempotency_error', message } }))
      }
      return send(earlier.status, earlier.answer)
    }
    let status = 200
    let answer: string
    try {
      answer = JSON.stringify(route(state, method, url.pathname, body))
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error
      status = error.status
      answer = JSON.stringify({ error: { type: error.type, message: error.message } })
    }
    if (key && method === 'POST') remembered.set(key, { body: rawBody, status, answer })
    send(status, answer)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    requests,
    dropAnswerOnce: (method, path) => drops.add(`${method} ${path}`),
    failPath: (method, path) => {
      if (path) failing.add(`${method} ${path}`)
      else failing.clear()
    },
    slowPath: (method, path, delayMs) => slow.set(`${method} ${path}`, delayMs),
    close: async () => {
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    },
  }
}

const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url })
const missing = (what: string, id: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${what}: '${id}'`)

function route(state: FakeStripeState, method: string, path: string, body: Obj): Obj {
  const parts = path.split('/').slice(2)
  const nested = parts[0] === 'checkout' || parts[0] === 'billing_portal'
  const resource = nested ? `${parts[0]}/${parts[1]}` : parts[0]
  const [id, action] = parts.slice(nested ? 2 : 1)
  const at = `${method} /${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`
  switch (at) {
    case 'GET /prices': {
      const keys: string[] = body.lookup_keys ?? []
      const found = [...state.prices.values()].filter(
        (price) => keys.includes(price.lookup_key) && (body.active !== 'true' || price.active),
      )
      return list(found, '/v1/prices')
    }
    case 'POST /prices': {
      if (body.transfer_lookup_key === 'true')
        for (const price of state.prices.values())
          if (price.lookup_key === body.lookup_key) price.lookup_key = null
      const price = {
        id: state.id('price'),
        object: 'price',
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        lookup_key: body.lookup_key ?? null,
        recurring: { interval: body.recurring.interval, interval_count: 1 },
        metadata: body.metadata ?? {},
        product: state.id('prod'),
        type: 'recurring',
      }
      state.prices.set(price.id, price)
      return price
    }
    case 'POST /customers': {
      const customer = { id: state.id('cus'), object: 'customer', ...body, metadata: body.metadata ?? {} }
      state.customers.set(customer.id, customer)
      return customer
    }
    case 'POST /checkout/sessions':
      return createSession(state, body)
    case 'GET /subscriptions/:id': {
      const subscription = state.subscriptions.get(id!)
      if (!subscription) throw missing('subscription', id!)
      return subscription
    }
    case 'POST /subscriptions/:id':
      return updateSubscription(state, id!, body)
    case 'POST /subscription_schedules':
      return createSchedule(state, body)
    case 'GET /subscription_schedules/:id':
    case 'POST /subscription_schedules/:id':
    case 'POST /subscription_schedules/:id/release': {
      const schedule = state.schedules.get(id!)
      if (!schedule) throw missing('subscription schedule', id!)
      if (action === 'release') {
        Object.assign(schedule, { status: 'released', released_subscription: schedule.subscription })
        state.subscriptions.get(schedule.subscription)!.schedule = null
      } else if (method === 'POST') {
        Object.assign(schedule, { end_behavior: body.end_behavior, phases: body.phases })
      }
      return schedule
    }
    case 'POST /billing_portal/sessions': {
      if (!state.customers.has(body.customer)) throw missing('customer', body.customer)
      const session = {
        id: state.id('bps'),
        object: 'billing_portal.session',
        url: `https://billing.stripe.test/p/session/${state.id('p')}`,
        ...body,
      }
      state.portalSessions.push(session)
      return session
    }
    default:
      throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`)
  }
}

function createSession(state: FakeStripeState, body: Obj): Obj {
  if (!state.customers.has(body.customer)) throw missing('customer', body.customer)
  if (body.mode !== 'subscription' || !state.prices.has(body.line_items?.[0]?.price)) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'A subscription-mode session needs a recurring price',
    )
  }
  const id = state.id('cs_test')
  const session = {
    id,
    object: 'checkout.session',
    url: `https://checkout.stripe.test/c/pay/${id}`,
    status: 'open',
    subscription: null,
    amount_total: null,
    ...body,
    success_url: String(body.success_url).replace('{CHECKOUT_SESSION_ID}', id),
  }
  state.sessions.set(id, session)
  return session
}

function updateSubscription(state: FakeStripeState, id: string, body: Obj): Obj {
  const subscription = state.subscriptions.get(id)
  if (!subscription) throw missing('subscription', id)
  if (subscription.schedule && body.cancel_at_period_end === 'true') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'The subscription is managed by a subscription schedule',
    )
  }
  const item = state.item(subscription)
  const newPrice = body.items?.[0]?.price ? state.prices.get(body.items[0].price) : null
  if (newPrice && newPrice.id !== item.price.id) {
    const charged = body.proration_behavior === 'none' ? 0 : state.prorate(subscription, item.price, newPrice)
    if (newPrice.recurring.interval !== item.price.recurring.interval) {
      item.current_period_start = state.now()
      item.current_period_end = addInterval(state.now(), newPrice.recurring.interval)
    }
    item.price = newPrice
    if (body.proration_behavior === 'always_invoice') state.createInvoice(subscription, charged, true)
  }
  if (body.cancel_at_period_end !== undefined)
    subscription.cancel_at_period_end = body.cancel_at_period_end === 'true'
  if (body.metadata) subscription.metadata = { ...subscription.metadata, ...body.metadata }
  const expanded = (body.expand ?? []).includes('latest_invoice')
  return expanded && subscription.latest_invoice
    ? { ...subscription, latest_invoice: state.invoices.get(subscription.latest_invoice) }
    : subscription
}

function createSchedule(state: FakeStripeState, body: Obj): Obj {
  const subscription = state.subscriptions.get(body.from_subscription)
  if (!subscription) throw missing('subscription', body.from_subscription)
  if (subscription.schedule) {
    throw new StripeApiError(400, 'invalid_request_error', 'The subscription already has a schedule')
  }
  const item = state.item(subscription)
  const phase = {
    start_date: item.current_period_start,
    end_date: item.current_period_end,
    items: [{ price: item.price.id, quantity: 1 }],
  }
  const schedule = {
    id: state.id('sub_sched'),
    object: 'subscription_schedule',
    subscription: subscription.id,
    status: 'active',
    end_behavior: 'release',
    current_phase: { start_date: phase.start_date, end_date: phase.end_date },
    phases: [phase],
  }
  state.schedules.set(schedule.id, schedule)
  subscription.schedule = schedule.id
  return schedule
}
