import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '#server/db/columns.ts'
import type { SubmissionMethod } from '#shared/contracts/carriers.contract.ts'
import { agencies, agencyRef } from '../agencies/agencies.table.ts'

/**
 * The platform catalogue (agency_id null, shared by every agency) and each agency's own carriers.
 * Catalogue codes are unique on the platform; an agency's codes are unique within the agency.
 */
export const carriers = pgTable(
  'carriers',
  {
    id: id(),
    agencyId: uuid('agency_id').references(() => agencies.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    supportedTypes: text('supported_types').array().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    avgPremiumCents: integer('avg_premium_cents'),
    coverageRating: integer('coverage_rating'),
    consumerConfidenceScore: real('consumer_confidence_score'),
    financialStrength: text('financial_strength'),
    submissionMethod: text('submission_method').$type<SubmissionMethod>().notNull().default('api'),
    primaryState: text('primary_state'),
    states: text('states').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes'),
    contactEmail: text('contact_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carriers_catalogue_code_key').on(t.code).where(sql`${t.agencyId} is null`),
    uniqueIndex('carriers_agency_code_key').on(t.agencyId, t.code).where(sql`${t.agencyId} is not null`),
    index('carriers_agency_name_idx').on(t.agencyId, t.name),
  ],
)

/** An agency's own switch for a catalogue carrier (active for us or not). */
export const agencyCarrierSettings = pgTable(
  'agency_carrier_settings',
  {
    agencyId: agencyRef(),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    isActive: boolean('is_active').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.carrierId] })],
)

/**
 * What a process may keep of the carriers between requests, and how it knows it is still current
 * (decision 024): one version per scope, an agency's id (its own carriers and its switches) or
 * 'catalogue', which triggers on both tables above set from this sequence in the same transaction
 * as any insert, update, delete or truncate (migration 0022). A reader asks for the versions and
 * the rows in one statement, so they come from one snapshot.
 */
export const carrierVersionSeq = pgSequence('carrier_version_seq')
export const carrierVersions = pgTable('carrier_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
})
