import Stripe from 'stripe'
import { STRIPE_WEBHOOK_PATH } from '#shared/contracts/billing-subscription.contract.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { FAKE_STRIPE_KEY, type FakeStripe, startFakeStripe } from './fake-stripe.ts'
import type { Obj } from './fake-stripe-state.ts'

export const FAKE_WEBHOOK_SECRET = 'whsec_fake_backoffice_secret'

/** The real app with the Stripe adapter, pointed at a fake Stripe API on loopback. */
export async function buildStripeTestApp(): Promise<{ test: TestApp; fake: FakeStripe }> {
  const fake = await startFakeStripe()
  const test = await buildTestApp({
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      PUBLIC_URL: 'http://app.test',
    },
  })
  const close = test.close
  test.close = async () => {
    await close()
    await fake.close()
  }
  return { test, fake }
}

/**
 * Delivers an event as Stripe does: the JSON body signed with the endpoint's secret
 * (`stripe.webhooks.generateTestHeaderString`), at `timestamp` (now unless said).
 */
export function deliverStripeEvent(
  test: TestApp,
  event: Obj,
  options: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  const payload = JSON.stringify(event)
  const signature =
    options.signature ??
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? FAKE_WEBHOOK_SECRET,
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    })
  return test.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  })
}

/** Delivers events in the order given and fails the test unless each answers 200. */
export async function deliverAll(test: TestApp, events: Obj[]): Promise<Obj[]> {
  const answers: Obj[] = []
  for (const event of events) {
    const response = await deliverStripeEvent(test, event)
    if (response.statusCode !== 200) throw new Error(`${event.type}: ${response.statusCode} ${response.body}`)
    answers.push(response.json())
  }
  return answers
}
