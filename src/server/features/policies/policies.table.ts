import { sql } from 'drizzle-orm'
import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '#server/db/columns.ts'
import type { PolicyDocumentType } from '#shared/domain/policy-documents.ts'
import type { PolicyStatus, TransactionKind } from '#shared/domain/policy-ledger.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { applications } from '../applications/applications.table.ts'
import { carriers } from '../carriers/carriers.table.ts'
import { clients } from '../clients/clients.table.ts'

const cents = (name: string) => bigint(name, { mode: 'number' })

/**
 * A policy in the agency's book: bound from a quote, entered by hand or imported. Its status is
 * derived from its current term and ledger by one rule (policyStatusOn) and stored for the list's
 * filters; the current term's dates and written premium are kept here for the same reason.
 */
export const policies = pgTable(
  'policies',
  {
    id: id(),
    agencyId: agencyRef(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    lineOfBusiness: text('line_of_business').notNull(),
    policyNumber: text('policy_number').notNull(),
    /** The number without case or spaces: unique per carrier within the agency. */
    policyNumberKey: text('policy_number_key').notNull(),
    /** The named insured as the policy was written (the client's name then). */
    insuredName: text('insured_name').notNull(),
    producerUserId: uuid('producer_user_id'),
    status: text('status').$type<PolicyStatus>().notNull(),
    source: text('source').$type<'bound' | 'entered' | 'imported'>().notNull(),
    applicationId: uuid('application_id').references(() => applications.id),
    quoteId: uuid('quote_id'),
    effectiveDate: date('effective_date').notNull(),
    expirationDate: date('expiration_date').notNull(),
    writtenPremiumCents: cents('written_premium_cents').notNull(),
    /** The effective date of a cancellation no reinstatement followed. */
    cancellationDate: date('cancellation_date'),
    /** How the last term ended when a renewal decided it. */
    outcome: text('outcome').$type<'renewed' | 'non_renewed'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('policies_number_idx').on(t.agencyId, t.carrierId, t.policyNumberKey),
    index('policies_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
    index('policies_agency_expiration_idx').on(t.agencyId, t.expirationDate, t.id),
    index('policies_agency_status_idx').on(t.agencyId, t.status, t.expirationDate),
    index('policies_agency_client_idx').on(t.agencyId, t.clientId),
    index('policies_agency_key_idx').on(t.agencyId, t.policyNumberKey),
    index('policies_agency_insured_idx').on(t.agencyId, sql`lower(${t.insuredName})`),
    // Across agencies: the daily status job and the renewal pipeline read by status and expiry.
    index('policies_status_expiration_idx').on(t.status, t.expirationDate, t.id),
  ],
)

/** One term of a policy: its dates, and its written premium, the sum of its transactions. */
export const policyTerms = pgTable(
  'policy_terms',
  {
    id: id(),
    agencyId: agencyRef(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id),
    termNumber: integer('term_number').notNull(),
    effectiveDate: date('effective_date').notNull(),
    expirationDate: date('expiration_date').notNull(),
    writtenPremiumCents: cents('written_premium_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('policy_terms_number_idx').on(t.policyId, t.termNumber)],
)

/**
 * The ledger: append-only, what every figure reads (renewals and commissions hang off it). A
 * premium change is signed cents: a cancellation's is minus the return premium.
 */
export const policyTransactions = pgTable(
  'policy_transactions',
  {
    id: id(),
    agencyId: agencyRef(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id),
    termId: uuid('term_id')
      .notNull()
      .references(() => policyTerms.id),
    kind: text('kind').$type<TransactionKind>().notNull(),
    effectiveDate: date('effective_date').notNull(),
    premiumChangeCents: cents('premium_change_cents').notNull(),
    description: text('description'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('policy_transactions_term_idx').on(t.agencyId, t.policyId, t.termId, t.createdAt)],
)

/**
 * The files kept with a policy: uploads from its page and the quote it was bound from. The bytes
 * and their row are the documents feature's; this is the policy's link to them.
 */
export const policyDocuments = pgTable(
  'policy_documents',
  {
    id: id(),
    agencyId: agencyRef(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id),
    // A quote's letter is an agent's upload they may delete: its link to the policy goes with it.
    /** The documents feature's row, by id only as other features link files: a gone file is left out when read. */
    documentId: uuid('document_id').notNull(),
    documentType: text('document_type').$type<PolicyDocumentType>().notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('policy_documents_policy_idx').on(t.agencyId, t.policyId, t.createdAt, t.id),
    uniqueIndex('policy_documents_document_idx').on(t.policyId, t.documentId),
  ],
)
