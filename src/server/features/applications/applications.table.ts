import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'
import type { SubmissionStatus } from '#shared/domain/submission-status.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { carriers } from '../carriers/carriers.table.ts'
import { clients } from '../clients/clients.table.ts'

export interface StoredCarrierFilters {
  maxPrice: number
  minCoverageRating: number
  minConsumerConfidence: number
  preferredFinancialStrength: string[]
}

/** An insurance application for a client, sent to one, several or all fitting carriers. */
export const applications = pgTable(
  'applications',
  {
    id: id(),
    agencyId: agencyRef(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    createdByUserId: uuid('created_by_user_id'),
    insuranceType: text('insurance_type').notNull(),
    status: text('status').notNull().default('draft'),
    submissionType: text('submission_type').notNull().default('specific_carriers'),
    carrierId: uuid('carrier_id').references(() => carriers.id),
    secondaryCarrierId: uuid('secondary_carrier_id').references(() => carriers.id),
    carrierFilters: jsonb('carrier_filters').$type<StoredCarrierFilters>(),
    applicationData: jsonb('application_data').$type<Record<string, unknown>>().notNull().default({}),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('applications_agency_client_idx').on(t.agencyId, t.clientId, t.status),
    index('applications_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
    index('applications_agency_status_idx').on(t.agencyId, t.status, t.createdAt),
  ],
)

/** One carrier an application goes to, and that carrier's answer (delivery fills it in). */
export const applicationSubmissions = pgTable(
  'application_submissions',
  {
    id: id(),
    agencyId: agencyRef(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    status: text('status').$type<SubmissionStatus>().notNull().default('queued'),
    /** The carrier's submission method when this submission was queued. */
    method: text('method').notNull().default('api'),
    message: text('message'),
    confirmationNumber: text('confirmation_number'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamptz('last_attempt_at'),
    deliveredAt: timestamptz('delivered_at'),
    /** Sent as the Idempotency-Key of API deliveries; a new one when the agent queues it again. */
    deliveryKey: uuid('delivery_key').defaultRandom().notNull(),
    /** Who sent it: the agent notified of its changes. */
    requestedByUserId: uuid('requested_by_user_id'),
    /** The application packet made for this carrier (email, pdf and manual methods). */
    documentId: uuid('document_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('application_submissions_key').on(t.agencyId, t.applicationId, t.carrierId),
    index('application_submissions_carrier_idx').on(t.agencyId, t.carrierId),
  ],
)

/** Every status change, who made it and why: the application's history. */
export const applicationStatusChanges = pgTable(
  'application_status_changes',
  {
    id: id(),
    agencyId: agencyRef(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    changedByUserId: uuid('changed_by_user_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('application_status_changes_app_idx').on(t.agencyId, t.applicationId, t.createdAt)],
)

/** Each change of a carrier submission, with who caused it: delivery, the carrier, or the agent. */
export const submissionStatusChanges = pgTable(
  'submission_status_changes',
  {
    id: id(),
    agencyId: agencyRef(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => applicationSubmissions.id),
    fromStatus: text('from_status').$type<SubmissionStatus>(),
    toStatus: text('to_status').$type<SubmissionStatus>().notNull(),
    source: text('source').$type<'delivery' | 'carrier' | 'agent'>().notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [index('submission_status_changes_idx').on(t.agencyId, t.submissionId, t.createdAt)],
)
