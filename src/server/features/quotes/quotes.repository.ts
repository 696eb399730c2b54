import { and, asc, eq, ne, sql } from 'drizzle-orm'
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

/** Whether the application already has a priced quote (any but a decline). */
export async function hasPricedQuote(executor: Executor, agencyId: string, applicationId: string) {
  const [row] = await executor
    .select({ id: quotes.id })
    .from(quotes)
    .where(
      and(
        eq(quotes.agencyId, agencyId),
        eq(quotes.applicationId, applicationId),
        ne(quotes.status, 'declined'),
      ),
    )
    .limit(1)
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

/** A quote's annualised premium over the estimate kept with it; null for a decline or without one. */
const estimateRatio = sql`(${quotes.premiumCents}::float8 * 12 / nullif(${quotes.termMonths}, 0)) / nullif(${quotes.estimatedPremiumCents}, 0)`
const isBound = sql`${quotes.status} = 'bound'`
const QUARTILES = sql`array[0.25, 0.5, 0.75]::float8[]`

/**
 * Per carrier, over every quote of the agency: the applications it quoted and bound, and the
 * quartiles of annualised premium / estimate for all its priced quotes and for its bound ones.
 * One grouped pass of the agency's quotes (its index leads with the agency), whatever the number
 * of carriers; percentile_cont skips the quotes without a ratio.
 */
export function summariseQuotesByCarrier(executor: Executor, agencyId: string) {
  return executor
    .select({
      carrierId: quotes.carrierId,
      quotedApplications:
        sql<number>`count(distinct ${quotes.applicationId}) filter (where ${quotes.status} <> 'declined')`.mapWith(
          Number,
        ),
      boundApplications:
        sql<number>`count(distinct ${quotes.applicationId}) filter (where ${isBound})`.mapWith(Number),
      quotedSample: sql<number>`count(${estimateRatio})`.mapWith(Number),
      quotedQuartiles: sql<
        number[] | null
      >`percentile_cont(${QUARTILES}) within group (order by ${estimateRatio})`,
      boundSample: sql<number>`count(${estimateRatio}) filter (where ${isBound})`.mapWith(Number),
      boundQuartiles: sql<
        number[] | null
      >`percentile_cont(${QUARTILES}) within group (order by ${estimateRatio}) filter (where ${isBound})`,
    })
    .from(quotes)
    .where(eq(quotes.agencyId, agencyId))
    .groupBy(quotes.carrierId)
}
