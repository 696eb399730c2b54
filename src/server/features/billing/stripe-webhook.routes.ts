import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requestMeta } from '#server/platform/auth.plugin.ts'
import { STRIPE_WEBHOOK_PATH } from '#shared/contracts/billing-subscription.contract.ts'
import type { StripePaymentProvider } from './payment-provider.service.ts'
import { receiveStripeEvent } from './receive-stripe-event.ts'

export const WEBHOOK_REFUSED = { message: 'Invalid signature' }

/**
 * Stripe's webhook: public (no session) and exempt from the browser CSRF check, since Stripe's
 * signature over the raw body proves it. The body is kept raw here, in its own scope, because any
 * re-serialised JSON would no longer match the signature. A bad or old signature answers 400.
 */
export function stripeWebhookRoutes(app: FastifyInstance, deps: { db: Db; provider: StripePaymentProvider }) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    )
    scope.post(STRIPE_WEBHOOK_PATH, { config: { public: true, signed: true } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const signature = request.headers['stripe-signature']
      if (typeof signature !== 'string' || raw.length === 0) return reply.status(400).send(WEBHOOK_REFUSED)
      const outcome = await receiveStripeEvent(deps.db, deps.provider, requestMeta(request), raw, signature)
      if (outcome.refused) {
        request.log.warn('stripe webhook refused: bad or old signature')
        return reply.status(400).send(WEBHOOK_REFUSED)
      }
      return reply.status(200).send({ received: true, applied: outcome.applied, reason: outcome.reason })
    })
  })
}
