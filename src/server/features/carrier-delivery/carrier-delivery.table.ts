import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'
import type { SubmissionMethod } from '#shared/contracts/carriers.contract.ts'
import type { SubmissionStatus } from '#shared/domain/submission-status.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { carriers } from '../carriers/carriers.table.ts'

/**
 * Whose record a submission is of: carrier delivery stores the pair and never reads the record.
 * A `quote` submission is the bind request of a bound quote (quotes/bind-quote.ts).
 */
export interface SubmissionRecord {
  type: 'application' | 'appointment' | 'quote'
  id: string
}

/**
 * One packet sent to one carrier, and that carrier's answer. Whatever is sent (an insurance
 * application, an appointment packet) is named by record_type and record_id; this feature never
 * reads the record itself, only the packet its owner handed over when queuing it.
 */
export const carrierSubmissions = pgTable(
  'carrier_submissions',
  {
    id: id(),
    agencyId: agencyRef(),
    /** What kind of record this packet is of ('application', 'appointment'). */
    recordType: text('record_type').$type<SubmissionRecord['type']>().notNull(),
    recordId: uuid('record_id').notNull(),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    status: text('status').$type<SubmissionStatus>().notNull().default('queued'),
    /** The carrier's submission method when this submission was queued. */
    method: text('method').$type<SubmissionMethod>().notNull().default('api'),
    /** Names what is sent, for the email's subject and the agent's notifications. */
    subject: text('subject'),
    /** What is sent, as a phrase for the covering email ("an auto insurance application for …"). */
    summary: text('summary'),
    /** The JSON an API carrier receives, as its owner built it when queuing; null only before an upgrade. */
    body: jsonb('body').$type<Record<string, unknown>>(),
    message: text('message'),
    confirmationNumber: text('confirmation_number'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamptz('last_attempt_at'),
    deliveredAt: timestamptz('delivered_at'),
    /** Sent as the Idempotency-Key of API deliveries; a new one when the agent queues it again. */
    deliveryKey: uuid('delivery_key').defaultRandom().notNull(),
    /** Who sent it: the agent notified of its changes. */
    requestedByUserId: uuid('requested_by_user_id'),
    /** The packet's PDF (email, pdf and manual methods), stored once when it was queued. */
    documentId: uuid('document_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carrier_submissions_key').on(t.agencyId, t.recordType, t.recordId, t.carrierId),
    index('carrier_submissions_carrier_idx').on(t.agencyId, t.carrierId),
  ],
)

/** Each change of a carrier submission, with who caused it: delivery, the carrier, or the agent. */
export const submissionStatusChanges = pgTable(
  'submission_status_changes',
  {
    id: id(),
    agencyId: agencyRef(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => carrierSubmissions.id),
    fromStatus: text('from_status').$type<SubmissionStatus>(),
    toStatus: text('to_status').$type<SubmissionStatus>().notNull(),
    source: text('source').$type<'delivery' | 'carrier' | 'agent'>().notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [index('submission_status_changes_idx').on(t.agencyId, t.submissionId, t.createdAt)],
)

/** Every delivery attempt: when, how long, and what came back. */
export const submissionAttempts = pgTable(
  'submission_attempts',
  {
    id: id(),
    agencyId: agencyRef(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => carrierSubmissions.id),
    attempt: integer('attempt').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** delivered, retry (will be tried again) or failed (for good). */
    outcome: text('outcome').$type<'delivered' | 'retry' | 'failed'>().notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
  },
  (t) => [index('submission_attempts_idx').on(t.agencyId, t.submissionId, t.attempt)],
)

/**
 * An agency's connection to a carrier's API: where deliveries go, and the shared secret (encrypted)
 * that signs them and checks the carrier's status webhooks.
 */
export const carrierConnections = pgTable(
  'carrier_connections',
  {
    agencyId: agencyRef(),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    apiEndpoint: text('api_endpoint'),
    secretEncrypted: text('secret_encrypted'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.carrierId] })],
)

/** Carrier webhook events already applied: a replayed event id is ignored. */
export const carrierWebhookEvents = pgTable(
  'carrier_webhook_events',
  {
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    eventId: text('event_id').notNull(),
    agencyId: agencyRef(),
    /** The submission the event answers; null for a `renewal_offer`, which names a policy instead. */
    submissionId: uuid('submission_id').references(() => carrierSubmissions.id),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.carrierId, t.eventId] })],
)
