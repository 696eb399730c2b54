import { and, asc, eq, ne } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { quotes } from './quotes.table.ts'

export type QuoteRow = typeof quotes.$inferSelect
export type NewQuote = typeof quotes.$inferInsert

export async function insertQuote(executor: Executor, values: NewQuote): Promise<QuoteRow> {
  const [row] = await executor.insert(quotes).values(values).returning()
  return row!
}

export async function findQuote(
  executor: Executor,
  agencyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<QuoteRow | undefined> {
  const query = executor
    .select()
    .from(quotes)
    .where(and(eq(quotes.agencyId, agencyId), eq(quotes.id, id)))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

/** An application's quotes, oldest first (the service sorts them for the comparison). */
export function findQuotesOfApplication(executor: Executor, agencyId: string, applicationId: string) {
  return executor
    .select()
    .from(quotes)
    .where(and(eq(quotes.agencyId, agencyId), eq(quotes.applicationId, applicationId)))
    .orderBy(asc(quotes.createdAt), asc(quotes.id))
}

/** Whether the carrier already sent a quote with this number for this application. */
export async function hasQuoteNumber(
  executor: Executor,
  agencyId: string,
  key: { applicationId: string; carrierId: string; quoteNumber: string },
): Promise<boolean> {
  const [row] = await executor
    .select({ id: quotes.id })
    .from(quotes)
    .where(
      and(
        eq(quotes.agencyId, agencyId),
        eq(quotes.applicationId, key.applicationId),
        eq(quotes.carrierId, key.carrierId),
        eq(quotes.quoteNumber, key.quoteNumber),
      ),
    )
  return row !== undefined
}

export async function updateQuote(
  executor: Executor,
  agencyId: string,
  id: string,
  values: Partial<Pick<QuoteRow, 'status' | 'policyId' | 'effectiveDate'>>,
): Promise<void> {
  await executor
    .update(quotes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(quotes.agencyId, agencyId), eq(quotes.id, id)))
}

/** The application's other offered quotes, once one is bound: the client did not take them. */
export async function markOthersNotTaken(
  executor: Executor,
  agencyId: string,
  applicationId: string,
  boundId: string,
): Promise<string[]> {
  const rows = await executor
    .update(quotes)
    .set({ status: 'not_taken', updatedAt: new Date() })
    .where(
      and(
        eq(quotes.agencyId, agencyId),
        eq(quotes.applicationId, applicationId),
        eq(quotes.status, 'offered'),
        ne(quotes.id, boundId),
      ),
    )
    .returning({ id: quotes.id })
  return rows.map((row) => row.id)
}
