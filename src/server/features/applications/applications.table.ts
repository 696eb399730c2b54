import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '#server/db/columns.ts'
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

/**
 * The carriers an application was sent to, written when it is sent: the list's carrier filter
 * reads it here, so the applications feature answers it without carrier delivery's tables.
 */
export const applicationCarriers = pgTable(
  'application_carriers',
  {
    agencyId: agencyRef(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.carrierId] }),
    index('application_carriers_agency_carrier_idx').on(t.agencyId, t.carrierId, t.applicationId),
  ],
)
