import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { applications } from '../applications/applications.table.ts'
import { carriers } from '../carriers/carriers.table.ts'
import { policies } from '../policies/policies.table.ts'

export interface StoredCoverage {
  label: string
  value: string
}

/**
 * A carrier's priced offer on an application: from its webhook (`quoted`, or `declined` with a
 * reason) or entered by hand from what it sent. Stored status is offered, declined, bound or
 * not_taken; an offered quote past its expiry date reads as expired (quoteStatusOn).
 */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    agencyId: agencyRef(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    status: text('status').$type<'offered' | 'declined' | 'bound' | 'not_taken'>().notNull(),
    source: text('source').$type<'carrier' | 'agent'>().notNull(),
    premiumCents: bigint('premium_cents', { mode: 'number' }),
    /**
     * The recommendation's yearly estimate for this carrier and application when the quote came
     * in (null when it could not be made): kept, so a carrier's quoted/estimate figures do not
     * drift as the client ages or the carrier's published premium changes.
     */
    estimatedPremiumCents: bigint('estimated_premium_cents', { mode: 'number' }),
    termMonths: integer('term_months'),
    effectiveDate: date('effective_date'),
    quoteNumber: text('quote_number'),
    expiresAt: date('expires_at'),
    coverages: jsonb('coverages').$type<StoredCoverage[]>().notNull().default([]),
    declineReason: text('decline_reason'),
    documentId: uuid('document_id'),
    policyId: uuid('policy_id').references(() => policies.id),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quotes_application_idx').on(t.agencyId, t.applicationId, t.createdAt),
    index('quotes_carrier_idx').on(t.agencyId, t.carrierId, t.createdAt),
    uniqueIndex('quotes_number_idx').on(t.applicationId, t.carrierId, t.quoteNumber),
  ],
)
