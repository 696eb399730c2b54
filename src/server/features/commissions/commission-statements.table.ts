import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'
import type {
  ExceptionKind,
  ExceptionResolution,
  LineExceptionKind,
  LineStatus,
  StatementMapping,
} from '#shared/contracts/commissions-statements.contract.ts'
import { agencyRef } from '../agencies/agencies.table.ts'

const cents = (name: string) => bigint(name, { mode: 'number' })

/**
 * A carrier's commission statement as imported (decision 030). The file's SHA-256 is unique per
 * agency and carrier: importing the same file again answers this statement and adds nothing.
 * Carriers, users and import records are linked by id only (decision 026).
 */
export const commissionStatements = pgTable(
  'commission_statements',
  {
    id: id(),
    agencyId: agencyRef(),
    carrierId: uuid('carrier_id').notNull(),
    /** The import record (client_imports, kind 'statements') that read it. */
    importId: uuid('import_id'),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    mapping: jsonb('mapping').$type<StatementMapping>().notNull(),
    lineCount: integer('line_count').notNull(),
    totalCents: cents('total_cents').notNull(),
    /** The total the statement states (its total row, or typed at import); null when none. */
    statedTotalCents: cents('stated_total_cents'),
    tiesOut: boolean('ties_out'),
    importedByUserId: uuid('imported_by_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('commission_statements_file_idx').on(t.agencyId, t.carrierId, t.fileSha256),
    index('commission_statements_agency_idx').on(t.agencyId, t.createdAt),
  ],
)

/**
 * One line of a statement: its raw cells, the values read from them, and where matching left it
 * (matched to a policy and expected commission with the reason, or an exception of a kind).
 */
export const commissionStatementLines = pgTable(
  'commission_statement_lines',
  {
    id: id(),
    agencyId: agencyRef(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => commissionStatements.id),
    carrierId: uuid('carrier_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    raw: jsonb('raw').$type<Record<string, string>>().notNull(),
    policyNumber: text('policy_number'),
    insuredName: text('insured_name'),
    transactionType: text('transaction_type'),
    effectiveDate: date('effective_date'),
    premiumCents: cents('premium_cents'),
    rateBp: integer('rate_bp'),
    commissionCents: cents('commission_cents').notNull(),
    status: text('status').$type<LineStatus>().notNull(),
    policyId: uuid('policy_id'),
    expectedCommissionId: uuid('expected_commission_id'),
    matchReason: text('match_reason'),
    exceptionKind: text('exception_kind').$type<LineExceptionKind>(),
    /** The statement's import day: a producer statement's period holds the lines received in it. */
    receivedOn: date('received_on').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('commission_statement_lines_row_idx').on(t.agencyId, t.statementId, t.rowNumber),
    index('commission_statement_lines_policy_idx')
      .on(t.agencyId, t.policyId)
      .where(sql`${t.policyId} is not null`),
    // What an expected commission has been paid: "never paid" and the receivables read it.
    index('commission_statement_lines_expected_idx')
      .on(t.agencyId, t.expectedCommissionId)
      .where(sql`${t.expectedCommissionId} is not null`),
    index('commission_statement_lines_received_idx').on(t.agencyId, t.receivedOn),
  ],
)

/**
 * The exceptions queue: one row per problem line (created with the line) or per expected
 * commission never paid (created by the daily job). A resolved one stays resolved: the line's
 * and the expected commission's unique keys keep it from coming back.
 */
export const commissionExceptions = pgTable(
  'commission_exceptions',
  {
    id: id(),
    agencyId: agencyRef(),
    kind: text('kind').$type<ExceptionKind>().notNull(),
    carrierId: uuid('carrier_id').notNull(),
    lineId: uuid('line_id').references(() => commissionStatementLines.id),
    expectedCommissionId: uuid('expected_commission_id'),
    reason: text('reason').notNull(),
    status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
    resolution: text('resolution').$type<ExceptionResolution>(),
    note: text('note'),
    resolvedByUserId: uuid('resolved_by_user_id'),
    resolvedAt: timestamptz('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('commission_exceptions_line_idx')
      .on(t.agencyId, t.lineId)
      .where(sql`${t.lineId} is not null`),
    uniqueIndex('commission_exceptions_never_paid_idx')
      .on(t.agencyId, t.expectedCommissionId)
      .where(sql`${t.kind} = 'never_paid'`),
    index('commission_exceptions_queue_idx').on(t.agencyId, t.status, t.kind, t.createdAt),
  ],
)

/** The column mapping last used for a carrier's statements, suggested for its next one. */
export const commissionMappings = pgTable(
  'commission_mappings',
  {
    agencyId: agencyRef(),
    carrierId: uuid('carrier_id').notNull(),
    mapping: jsonb('mapping').$type<StatementMapping>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.carrierId] })],
)

/** The agency's reconciliation settings; an agency without a row has the defaults. */
export const commissionSettings = pgTable('commission_settings', {
  agencyId: agencyRef().primaryKey(),
  toleranceCents: integer('tolerance_cents').notNull(),
  tolerancePercent: real('tolerance_percent').notNull(),
  neverPaidDays: integer('never_paid_days').notNull(),
  updatedAt: updatedAt(),
})
