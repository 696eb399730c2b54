import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { requestMeta } from '#server/platform/auth.plugin.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import {
  type CarrierAnswerHandlers,
  CarrierEventSchema,
  EVENT_SHAPE_MESSAGE,
  eventShapeErrors,
  type RenewalOfferHandler,
  receiveCarrierEvent,
} from './carrier-webhooks.service.ts'
import { receiveRenewalOfferEvent } from './receive-renewal-offer-event.ts'
import { WEBHOOK_HEADERS } from './signing.service.ts'

const REFUSED = { message: 'Invalid signature' }
const isUuid = (value: string) => z.uuid().safeParse(value).success

/**
 * POST /api/carrier-webhooks/:carrierId — a carrier reports a submission's progress, signed with
 * the agency's shared secret for that carrier over the raw body (so the body is kept raw here). A
 * bad or missing signature or an unknown submission answers 401 and changes nothing. A replay (an
 * event id already received, or signed more than five minutes ago) and an event that would move a
 * submission backwards are acknowledged (200) and ignored. What an answer means beyond the
 * submission (a quote, a decline, a policy number) is `answers`' to record; a `renewal_offer`,
 * which names a policy rather than a submission, is `renewalOffers`'.
 */
export function carrierWebhookRoutes(
  app: FastifyInstance,
  {
    db,
    cipher,
    answers,
    renewalOffers,
  }: { db: Db; cipher: FieldCipher; answers?: CarrierAnswerHandlers; renewalOffers?: RenewalOfferHandler },
): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    )
    scope.post<{ Params: { carrierId: string } }>(
      '/api/carrier-webhooks/:carrierId',
      { config: { public: true, signed: true } },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const { carrierId } = request.params
        const timestamp = Number(request.headers[WEBHOOK_HEADERS.timestamp])
        const signature = String(request.headers[WEBHOOK_HEADERS.signature] ?? '')
        let parsed: unknown
        try {
          parsed = JSON.parse(raw.toString('utf8'))
        } catch {
          return reply.status(400).send({ message: 'The body must be JSON' })
        }
        const event = CarrierEventSchema.safeParse(parsed)
        if (!isUuid(carrierId) || !signature) return reply.status(401).send(REFUSED)
        if (!event.success)
          return reply
            .status(400)
            .send({ message: EVENT_SHAPE_MESSAGE, errors: eventShapeErrors(event.error) })
        if (!Number.isFinite(timestamp)) return reply.status(401).send(REFUSED)
        const meta = requestMeta(request)
        const { data } = event
        const verdict =
          data.status === 'renewal_offer'
            ? await receiveRenewalOfferEvent(
                db,
                cipher,
                meta,
                { carrierId, event: data, raw, timestamp, signature },
                request.log,
                renewalOffers,
              )
            : await receiveCarrierEvent(
                db,
                cipher,
                meta,
                { carrierId, event: data, raw, timestamp, signature },
                request.log,
                answers,
              )
        if (verdict.refused) return reply.status(401).send(REFUSED)
        return reply.status(200).send({
          received: true,
          applied: verdict.applied,
          ...(verdict.reason ? { reason: verdict.reason } : {}),
          ...(verdict.status ? { status: verdict.status } : {}),
        })
      },
    )
  })
}
