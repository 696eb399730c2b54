import { and, count, desc, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { toArrayLiteral } from '#server/db/array-literal.ts'
import type { Executor } from '#server/db/connect.ts'
import { clients } from './clients.table.ts'

export type ClientRow = typeof clients.$inferSelect
export type NewClientRow = typeof clients.$inferInsert

export async function insertClient(executor: Executor, row: NewClientRow): Promise<ClientRow> {
  const [created] = await executor.insert(clients).values(row).returning()
  return created!
}

/**
 * Rows whose email already exists in the agency are skipped; answers the rows written. One
 * statement per batch: each column travels as one array parameter and `unnest` turns them back
 * into rows, instead of a statement naming every column of every row (5x faster on imports).
 */
export async function insertClientsSkippingDuplicates(executor: Executor, rows: NewClientRow[]) {
  const columns = Object.entries(getTableColumns(clients)).filter(
    ([key]) => key !== 'searchText' && rows.some((row) => row[key as keyof NewClientRow] !== undefined),
  )
  const arrays = columns.map(([key, column]) => {
    const fallback = column.notNull && column.default !== undefined ? column.default : null
    const values = rows.map((row) => row[key as keyof NewClientRow] ?? fallback)
    return sql`${toArrayLiteral(values)}::${sql.raw(column.getSQLType())}[]`
  })
  const result = await executor.execute(sql`
    insert into ${clients} (${sql.join(
      columns.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    )})
    select * from unnest(${sql.join(arrays, sql`, `)})
    on conflict do nothing
    returning id, email, first_name, last_name`)
  const written = (
    result as unknown as {
      rows: { id: string; email: string | null; first_name: string; last_name: string }[]
    }
  ).rows
  return written.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
  }))
}

/** Columns of many new clients, each one array literal (see array-literal.ts), all of one length. */
export type ClientColumnArrays = Partial<Record<keyof NewClientRow, string>>

/**
 * The import's insert: like insertClientsSkippingDuplicates, from column arrays the caller built
 * while reading, with the agency and author sent once rather than once a row. Answers the emails
 * written; the others were already in the agency.
 */
export async function insertClientColumnsSkippingDuplicates(
  executor: Executor,
  owner: { agencyId: string; createdByUserId: string },
  arrays: ClientColumnArrays,
): Promise<string[]> {
  const table = getTableColumns(clients)
  const columns = (Object.entries(arrays) as [keyof NewClientRow, string][]).map(([key, literal]) => ({
    column: table[key],
    literal,
  }))
  const names = [table.agencyId, table.createdByUserId, ...columns.map(({ column }) => column)].map(
    (column) => sql.identifier(column.name),
  )
  const result = await executor.execute(sql`
    insert into ${clients} (${sql.join(names, sql`, `)})
    select ${owner.agencyId}::uuid, ${owner.createdByUserId}::uuid, * from unnest(${sql.join(
      columns.map(({ column, literal }) => sql`${literal}::${sql.raw(column.getSQLType())}[]`),
      sql`, `,
    )})
    on conflict do nothing
    returning email`)
  return (result as unknown as { rows: { email: string }[] }).rows.map((row) => row.email)
}

/** Within the current transaction, a wait for a row lock longer than `ms` fails (SQLSTATE 55P03). */
export async function limitLockWait(executor: Executor, ms: number): Promise<void> {
  await executor.execute(sql`select set_config('lock_timeout', ${`${Math.round(ms)}ms`}, true)`)
}

export async function updateClient(
  executor: Executor,
  agencyId: string,
  id: string,
  row: Partial<NewClientRow>,
): Promise<ClientRow | undefined> {
  const [updated] = await executor
    .update(clients)
    .set({ ...row, updatedAt: new Date() })
    .where(and(eq(clients.agencyId, agencyId), eq(clients.id, id)))
    .returning()
  return updated
}

export async function findClient(
  executor: Executor,
  agencyId: string,
  id: string,
): Promise<ClientRow | undefined> {
  const [row] = await executor
    .select()
    .from(clients)
    .where(and(eq(clients.agencyId, agencyId), eq(clients.id, id)))
  return row
}

/** What a record that names a client shows of them: name, email, state, ZIP and age. */
const cardColumns = {
  id: clients.id,
  firstName: clients.firstName,
  lastName: clients.lastName,
  email: clients.email,
  state: clients.state,
  zipCode: clients.zipCode,
  // Age in whole years today; the date of birth itself stays with the client's record. A joining
  // query names a computed column of a subquery by its alias alone, hence one no table has.
  age: sql<number | null>`extract(year from age(current_date, ${clients.dateOfBirth}))::int`.as('client_age'),
}

export function findClientCards(executor: Executor, agencyId: string, ids: string[]) {
  return executor
    .select(cardColumns)
    .from(clients)
    .where(and(eq(clients.agencyId, agencyId), inArray(clients.id, ids)))
}

/**
 * The agency's client cards as a subquery, for another feature's list to join by client id in
 * its own query: PostgreSQL folds it into the join, so the page stays one query.
 */
export function selectClientCards(agencyId: string) {
  return new QueryBuilder()
    .select(cardColumns)
    .from(clients)
    .where(eq(clients.agencyId, agencyId))
    .as('client_card')
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

export interface ClientPage {
  q?: string
  limit: number
  after?: { createdAt: Date; id: string }
}

/** Newest first; `q` matches first name, last name or email anywhere, case-insensitively. */
export function findClients(executor: Executor, agencyId: string, page: ClientPage) {
  const conditions = [eq(clients.agencyId, agencyId)]
  if (page.q) conditions.push(sql`${clients.searchText} like ${`%${escapeLike(page.q.toLowerCase())}%`}`)
  if (page.after) {
    conditions.push(
      or(
        lt(clients.createdAt, page.after.createdAt),
        and(eq(clients.createdAt, page.after.createdAt), lt(clients.id, page.after.id)),
      )!,
    )
  }
  return executor
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      phone: clients.phone,
      city: clients.city,
      state: clients.state,
      createdAt: clients.createdAt,
    })
    .from(clients)
    .where(and(...conditions))
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(page.limit)
}

export async function summarizeClients(executor: Executor, agencyId: string, monthStart: Date) {
  const [totals] = await executor
    .select({
      total: count(),
      newThisMonth:
        sql<number>`count(*) filter (where ${clients.createdAt} >= ${monthStart.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(clients)
    .where(eq(clients.agencyId, agencyId))
  return { total: totals?.total ?? 0, newThisMonth: totals?.newThisMonth ?? 0 }
}
