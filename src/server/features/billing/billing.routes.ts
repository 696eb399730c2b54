import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  cancelTestCheckoutCall,
  createCheckoutCall,
  currentSubscriptionCall,
  getTestCheckoutCall,
  listPlansCall,
  payTestCheckoutCall,
} from '#shared/contracts/subscription.contract.ts'
import * as service from './billing.service.ts'
import type { PaymentProvider } from './payment-provider.ts'

export function billingRoutes(
  app: FastifyInstance,
  deps: { db: Db; paymentProvider: PaymentProvider },
): void {
  const { db, paymentProvider } = deps

  // Visitors choose a plan before they have an account.
  registerCall(app, listPlansCall, { public: true }, async () => ({ data: service.listPlans() }))

  registerCall(app, currentSubscriptionCall, {}, async ({ raw }) =>
    service.getCurrentSubscription(db, requireCtx(raw)),
  )

  registerCall(app, createCheckoutCall, {}, async ({ raw, body }) =>
    service.startCheckout(db, requireCtx(raw), paymentProvider, body),
  )

  // The built-in test checkout exists only while no real payment provider is configured.
  if (paymentProvider.name !== 'test') return
  registerCall(app, getTestCheckoutCall, {}, async ({ raw, params }) =>
    service.getTestCheckout(db, requireCtx(raw), params.id),
  )
  registerCall(app, payTestCheckoutCall, {}, async ({ raw, params }) =>
    service.payTestCheckout(db, requireCtx(raw), params.id),
  )
  registerCall(app, cancelTestCheckoutCall, {}, async ({ raw, params }) =>
    service.cancelTestCheckout(db, requireCtx(raw), params.id),
  )
}
