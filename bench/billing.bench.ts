// Billing (issue #14), in process (inject), on the embedded database or BENCH_DATABASE_URL:
// - Stripe's webhook: a signed customer.subscription.updated verified over the raw body, then
//   applied (event id recorded, agency locked, state compared, audit event) per event; and the
//   same events delivered again (recognised as duplicates);
// - GET /api/subscription/current for a paid agency;
// each against GET /api/auth/user in the same run (the baseline). No target in the issue: the
// figures go to the README. Stripe is a fake on loopback (src/test/fake-stripe.ts).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { InjectOptions } from 'fastify'
import Stripe from 'stripe'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/connect.ts'
import { createFieldCipher } from '#server/platform/crypto.ts'
import { STRIPE_WEBHOOK_PATH } from '#shared/contracts/billing-subscription.contract.ts'
import { FAKE_STRIPE_KEY, startFakeStripe } from '#test/fake-stripe.ts'
import { signUpBenchAgency } from './setup.ts'

const EVENTS = Number(process.env.BENCH_BILLING_EVENTS ?? 300)
const READS = 500
const SECRET = 'whsec_bench_billing'
const ORIGIN = { origin: 'http://bench.local', host: 'bench.local' }

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!
const ms = (value: number) => value.toFixed(2)

export async function benchBilling(): Promise<void> {
  const fake = await startFakeStripe()
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-billing-')),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: fake.url,
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  })
  const database = await openDatabase(config)
  await database.migrate()
  const app = await buildApp({
    config,
    db: database.db,
    sessionSecret: 'bench-session-secret-0123456789abcdef',
    cipher: createFieldCipher(Buffer.alloc(32, 3)),
    webRoot: null,
  })
  try {
    const { cookie } = await signUpBenchAgency(app, 'billing')
    const timed = async (options: InjectOptions, status = 200) => {
      const start = performance.now()
      const response = await app.inject(options)
      const took = performance.now() - start
      if (response.statusCode !== status)
        throw new Error(`${options.url}: ${response.statusCode} ${response.body}`)
      return took
    }
    const deliver = (event: object) => {
      const payload = JSON.stringify(event)
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })
      return timed({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      })
    }
    const started = await app.inject({
      method: 'POST',
      url: '/api/subscription/checkout',
      headers: { ...ORIGIN, cookie },
      payload: { planCode: 'professional', billingPeriod: 'monthly' },
    })
    const session = String(started.json().url).split('/').pop()!
    const paid = fake.state.completeCheckout(session)
    for (const event of paid.events) await deliver(event)

    const subscription = fake.state.subscriptions.get(paid.subscription.id)!
    const events = Array.from({ length: EVENTS }, () => {
      subscription.cancel_at_period_end = !subscription.cancel_at_period_end
      return fake.state.event('customer.subscription.updated', subscription)
    })
    const user = () => timed({ method: 'GET', url: '/api/auth/user', headers: { cookie } })
    const applied: number[] = []
    const duplicates: number[] = []
    const baseline: number[] = []
    for (const event of events) {
      applied.push(await deliver(event))
      baseline.push(await user())
    }
    for (const event of events) duplicates.push(await deliver(event))
    const current: number[] = []
    for (let i = 0; i < READS; i++) {
      current.push(await timed({ method: 'GET', url: '/api/subscription/current', headers: { cookie } }))
      baseline.push(await user())
    }
    const line = (label: string, values: number[]) =>
      `  ${label.padEnd(46)} p50 ${ms(percentile(values, 0.5))} ms, p99 ${ms(percentile(values, 0.99))} ms, ×${(percentile(values, 0.5) / percentile(baseline, 0.5)).toFixed(1)} the baseline's p50`
    console.log(`billing (${database.kind}, ${EVENTS} events, in process)`)
    console.log(line('stripe webhook, applied (state changes)', applied))
    console.log(line('stripe webhook, the same events again', duplicates))
    console.log(line('GET /api/subscription/current (paid agency)', current))
    console.log(line('GET /api/auth/user (baseline)', baseline))
  } finally {
    await app.close()
    await database.close()
    await fake.close()
  }
}
