import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { requestMeta } from '#server/platform/auth.plugin.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import {
  CARRIER_REPORTED_STATUSES,
  carrierMayReport,
  SUBMISSION_STATUS_LABELS,
} from '#shared/domain/submission-status.ts'
import { applicationSubmissions, applications } from '../applications/applications.table.ts'
import { changeSubmission, findSubmission } from '../applications/submissions.ts'
import { carriers } from '../carriers/carriers.table.ts'
import { clients } from '../clients/clients.table.ts'
import { notifyUser } from '../notifications/notifications.service.ts'
import { carrierWebhookEvents } from './bulk-submission.table.ts'
import { findConnectionSecret } from './carrier-connections.ts'
import { verifySignature, WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from './signing.ts'

const EventSchema = z.object({
  eventId: z.string().trim().min(1).max(200),
  submissionId: z.uuid(),
  status: z.enum(CARRIER_REPORTED_STATUSES),
  message: z.string().trim().max(1000).optional(),
  confirmationNumber: z.string().trim().max(100).optional(),
})
type CarrierEvent = z.infer<typeof EventSchema>

const REFUSED = { message: 'Invalid signature' }

type Verdict =
  | { code: 401 }
  | { code: 400; message: string }
  | { code: 200; applied: boolean; reason?: string; status?: string }

/** Where in the submission's story this event lands, in one transaction; replays and stale events change nothing. */
async function applyEvent(
  db: Db,
  meta: ReturnType<typeof requestMeta>,
  carrierId: string,
  agencyId: string,
  event: CarrierEvent,
): Promise<Verdict> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(carrierWebhookEvents)
      .values({ carrierId, eventId: event.eventId, agencyId, submissionId: event.submissionId })
      .onConflictDoNothing()
      .returning()
    if (!fresh) return { code: 200, applied: false, reason: 'Event already received' }
    const submission = await findSubmission(tx, agencyId, event.submissionId, { forUpdate: true })
    if (!submission) return { code: 401 }
    if (!carrierMayReport(submission.status, event.status)) {
      return { code: 200, applied: false, reason: `Submission is already ${submission.status}` }
    }
    const [names] = await tx
      .select({
        carrierName: carriers.name,
        clientFirst: clients.firstName,
        clientLast: clients.lastName,
        createdBy: applications.createdByUserId,
      })
      .from(applicationSubmissions)
      .innerJoin(carriers, eq(carriers.id, applicationSubmissions.carrierId))
      .innerJoin(applications, eq(applications.id, applicationSubmissions.applicationId))
      .innerJoin(clients, eq(clients.id, applications.clientId))
      .where(eq(applicationSubmissions.id, submission.id))
    const label = SUBMISSION_STATUS_LABELS[event.status].toLowerCase()
    const message = event.message ?? `${names!.carrierName} reports the application ${label}`
    await changeSubmission(tx, submission, {
      status: event.status,
      source: 'carrier',
      message,
      ...(event.confirmationNumber ? { confirmationNumber: event.confirmationNumber } : {}),
    })
    const agentId = submission.requestedByUserId ?? names!.createdBy
    if (agentId) {
      await notifyUser(tx, {
        agencyId,
        userId: agentId,
        title: `${names!.carrierName}: ${names!.clientFirst} ${names!.clientLast} ${label}`,
        message,
        type: 'update',
        priority: event.status === 'approved' || event.status === 'declined' ? 'high' : 'normal',
      })
    }
    await recordAudit(tx, meta, {
      agencyId,
      actorUserId: null,
      action: 'submission.carrier_update',
      entityType: 'application_submission',
      entityId: submission.id,
      details: { carrierId, eventId: event.eventId, from: submission.status, to: event.status },
    })
    return { code: 200, applied: true, status: event.status }
  })
}

/**
 * POST /api/carrier-webhooks/:carrierId — a carrier reports a submission's progress. Signed with
 * the agency's shared secret for that carrier over the raw body; a bad or missing signature or an
 * unknown submission answers 401 and changes nothing, the same answer each time so that it tells a
 * prober nothing. A replay (an event id already received, or signed more than five minutes ago) and
 * an event that would move a submission backwards are acknowledged (200) and ignored.
 */
export function carrierWebhookRoutes(
  app: FastifyInstance,
  { db, cipher }: { db: Db; cipher: FieldCipher },
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
        const carrierId = request.params.carrierId
        const timestamp = Number(request.headers[WEBHOOK_HEADERS.timestamp])
        const signature = String(request.headers[WEBHOOK_HEADERS.signature] ?? '')
        let parsed: unknown
        try {
          parsed = JSON.parse(raw.toString('utf8'))
        } catch {
          return reply.status(400).send({ message: 'The body must be JSON' })
        }
        const event = EventSchema.safeParse(parsed)
        if (
          !z.uuid().safeParse(carrierId).success ||
          !event.success ||
          !Number.isFinite(timestamp) ||
          !signature
        ) {
          if (!event.success && z.uuid().safeParse(carrierId).success && signature) {
            return reply.status(400).send({
              message:
                'Expected eventId, submissionId and a status of acknowledged, under_review, approved or declined',
            })
          }
          return reply.status(401).send(REFUSED)
        }
        const [owner] = await db
          .select({ agencyId: applicationSubmissions.agencyId })
          .from(applicationSubmissions)
          .where(
            and(
              eq(applicationSubmissions.id, event.data.submissionId),
              eq(applicationSubmissions.carrierId, carrierId),
            ),
          )
        const connection = owner ? await findConnectionSecret(db, cipher, owner.agencyId, carrierId) : null
        const age = Math.abs(Date.now() / 1000 - timestamp)
        if (!owner || !connection?.secret || !verifySignature(connection.secret, timestamp, raw, signature)) {
          request.log.warn({ carrierId }, 'carrier webhook refused')
          return reply.status(401).send(REFUSED)
        }
        if (age > WEBHOOK_TOLERANCE_SECONDS) {
          request.log.warn({ carrierId, age }, 'carrier webhook too old: ignored')
          return reply.status(200).send({ received: true, applied: false, reason: 'Event is too old' })
        }
        const verdict = await applyEvent(db, requestMeta(request), carrierId, owner.agencyId, event.data)
        if (verdict.code === 401) return reply.status(401).send(REFUSED)
        if (verdict.code === 400) return reply.status(400).send({ message: verdict.message })
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
