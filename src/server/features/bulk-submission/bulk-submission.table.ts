import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { applicationSubmissions, applications } from '../applications/applications.table.ts'
import { carriers } from '../carriers/carriers.table.ts'

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

/** A submit request by its idempotency key: the same key answers the same submissions. */
export const bulkSubmissionRequests = pgTable(
  'bulk_submission_requests',
  {
    agencyId: agencyRef(),
    idempotencyKey: text('idempotency_key').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    submissionIds: uuid('submission_ids').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.idempotencyKey] })],
)

/** Every delivery attempt: when, how long, and what came back. */
export const submissionAttempts = pgTable(
  'submission_attempts',
  {
    id: id(),
    agencyId: agencyRef(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => applicationSubmissions.id),
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

/** Carrier webhook events already applied: a replayed event id is ignored. */
export const carrierWebhookEvents = pgTable(
  'carrier_webhook_events',
  {
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    eventId: text('event_id').notNull(),
    agencyId: agencyRef(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => applicationSubmissions.id),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.carrierId, t.eventId] })],
)
