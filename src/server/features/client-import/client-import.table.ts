import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'

export type ImportKind = 'clients' | 'policies' | 'statements'

/**
 * One upload to the client import: who sent which file when, how far it got and how it ended.
 * A record is written (and committed) before the first row is read and updated as the import
 * ends, so an import the process never finished is still on record: while it runs it beats every
 * few seconds, and a running record whose beat has stopped is an interrupted one. One import runs
 * per agency and kind at a time (the partial unique index), on any number of processes.
 */
export const clientImports = pgTable(
  'client_imports',
  {
    id: id(),
    agencyId: agencyRef(),
    userId: uuid('user_id').notNull(),
    /** What the file brought in: 'clients' or 'policies' (the book import reuses these records). */
    kind: text('kind').$type<ImportKind>().notNull().default('clients'),
    fileName: text('file_name').notNull(),
    fileKind: text('file_kind'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** running, completed, failed or interrupted. */
    status: text('status').notNull().default('running'),
    totalRows: integer('total_rows'),
    imported: integer('imported'),
    duplicates: integer('duplicates'),
    errors: integer('errors'),
    /** While it runs: the sheet row the reading has reached (where an interrupted import stopped). */
    lastRow: integer('last_row'),
    /** Why a failed import failed, in the words its answer gave. */
    failure: text('failure'),
    startedAt: createdAt(),
    heartbeatAt: timestamptz('heartbeat_at').defaultNow().notNull(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('client_imports_agency_started_idx').on(t.agencyId, t.startedAt.desc()),
    uniqueIndex('client_imports_one_running_key').on(t.agencyId, t.kind).where(sql`${t.status} = 'running'`),
    index('client_imports_running_idx').on(t.heartbeatAt).where(sql`${t.status} = 'running'`),
  ],
)
