import type { Config } from '#server/config.ts'
import { type PaymentProvider, testPaymentProvider } from './payment-provider.service.ts'
import { createStripeProvider } from './stripe-provider.service.ts'

/** Stripe when STRIPE_SECRET_KEY is set (config requires its webhook secret too); the test checkout otherwise. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return testPaymentProvider
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    apiBase: config.STRIPE_API_BASE,
  })
}
