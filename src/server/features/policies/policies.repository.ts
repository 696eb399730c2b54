import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { type PolicyStatus, policyNumberKey } from '#shared/domain/policy-ledger.ts'
import { policies, policyTerms, policyTransactions } from './policies.table.ts'

export type PolicyRow = typeof policies.$inferSelect
export type TermRow = typeof policyTerms.$inferSelect
export type TransactionRow = typeof policyTransactions.$inferSelect

export async function insertPolicy(executor: Executor, values: typeof policies.$inferInsert) {
  const [row] = await executor.insert(policies).values(values).returning()
  return row!
}

export async function insertTerm(executor: Executor, values: typeof policyTerms.$inferInsert) {
  const [row] = await executor.insert(policyTerms).values(values).returning()
  return row!
}

export async function insertTransaction(executor: Executor, values: typeof policyTransactions.$inferInsert) {
  const [row] = await executor.insert(policyTransactions).values(values).returning()
  return row!
}

export async function findPolicy(
  executor: Executor,
  agencyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = executor
    .select()
    .from(policies)
    .where(and(eq(policies.agencyId, agencyId), eq(policies.id, id)))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

export function updatePolicy(executor: Executor, agencyId: string, id: string, values: Partial<PolicyRow>) {
  return executor
    .update(policies)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(policies.agencyId, agencyId), eq(policies.id, id)))
}

export async function findCurrentTerm(executor: Executor, agencyId: string, policyId: string) {
  const [row] = await executor
    .select()
    .from(policyTerms)
    .where(and(eq(policyTerms.agencyId, agencyId), eq(policyTerms.policyId, policyId)))
    .orderBy(desc(policyTerms.termNumber))
    .limit(1)
  return row
}

export async function findTerm(executor: Executor, agencyId: string, termId: string) {
  const [row] = await executor
    .select()
    .from(policyTerms)
    .where(and(eq(policyTerms.agencyId, agencyId), eq(policyTerms.id, termId)))
  return row
}

export function setTermPremium(executor: Executor, termId: string, writtenPremiumCents: number) {
  return executor.update(policyTerms).set({ writtenPremiumCents }).where(eq(policyTerms.id, termId))
}

/** A policy's terms, newest first, and every transaction of them in the order they were written. */
export async function findLedger(executor: Executor, agencyId: string, policyId: string) {
  const [terms, transactions] = await Promise.all([
    executor
      .select()
      .from(policyTerms)
      .where(and(eq(policyTerms.agencyId, agencyId), eq(policyTerms.policyId, policyId)))
      .orderBy(desc(policyTerms.termNumber)),
    executor
      .select()
      .from(policyTransactions)
      .where(and(eq(policyTransactions.agencyId, agencyId), eq(policyTransactions.policyId, policyId)))
      .orderBy(asc(policyTransactions.createdAt), asc(policyTransactions.id)),
  ])
  return { terms, transactions }
}

/** The policy with this carrier and number key in the agency, if any (a number is unique per carrier). */
export async function findByNumber(executor: Executor, agencyId: string, carrierId: string, key: string) {
  const [row] = await executor
    .select({ id: policies.id })
    .from(policies)
    .where(
      and(
        eq(policies.agencyId, agencyId),
        eq(policies.carrierId, carrierId),
        eq(policies.policyNumberKey, key),
      ),
    )
  return row
}

export interface PolicyListFilter {
  q?: string
  status?: PolicyStatus
  line?: string
  carrierId?: string
  producerUserId?: string
  clientId?: string
  /** Policies in force expiring up to this date, from today (or from `expiringFrom`). */
  expiringBy?: string
  expiringFrom?: string
  today: string
}

export type PolicySortKey = 'expiration' | 'premium' | 'created'

/** The column a sort reads and the cursor carries, beside the id that breaks ties. */
function sortColumn(key: PolicySortKey) {
  if (key === 'premium') return policies.writtenPremiumCents
  if (key === 'created') return policies.createdAt
  return policies.expirationDate
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function conditionsFor(agencyId: string, filter: PolicyListFilter): SQL[] {
  const conditions: (SQL | undefined)[] = [eq(policies.agencyId, agencyId)]
  if (filter.status) conditions.push(eq(policies.status, filter.status))
  if (filter.line) conditions.push(eq(policies.lineOfBusiness, filter.line))
  if (filter.carrierId) conditions.push(eq(policies.carrierId, filter.carrierId))
  if (filter.producerUserId) conditions.push(eq(policies.producerUserId, filter.producerUserId))
  if (filter.clientId) conditions.push(eq(policies.clientId, filter.clientId))
  if (filter.expiringBy) {
    conditions.push(
      inArray(policies.status, ['active', 'pending_cancellation']),
      gte(policies.expirationDate, filter.expiringFrom ?? filter.today),
      lte(policies.expirationDate, filter.expiringBy),
    )
  }
  if (filter.q) {
    const key = policyNumberKey(filter.q)
    const name = `%${escapeLike(filter.q.toLowerCase())}%`
    conditions.push(
      or(
        key ? sql`${policies.policyNumberKey} like ${`${escapeLike(key)}%`}` : undefined,
        sql`lower(${policies.insuredName}) like ${name}`,
      ),
    )
  }
  return conditions.filter((condition): condition is SQL => condition !== undefined)
}

/**
 * A page of the agency's policies in the sort's order, read after the cursor's position (the sort
 * column's value and the id). The caller names their carriers and producers for the page.
 */
export function findPolicies(
  executor: Executor,
  agencyId: string,
  filter: PolicyListFilter,
  page: { sort: PolicySortKey; descending: boolean; limit: number; after?: { value: string; id: string } },
) {
  const column = sortColumn(page.sort)
  const conditions = conditionsFor(agencyId, filter)
  if (page.after) {
    const value = page.sort === 'created' ? new Date(page.after.value) : page.after.value
    const beyond = page.descending ? lt : gt
    conditions.push(
      or(
        beyond(column, value as never),
        and(eq(column, value as never), beyond(policies.id, page.after.id)),
      )!,
    )
  }
  const order = page.descending ? desc : asc
  return executor
    .select()
    .from(policies)
    .where(and(...conditions))
    .orderBy(order(column), order(policies.id))
    .limit(page.limit)
}

/** Policies whose stored status the calendar may have moved: active ones at or past expiration, pending cancellations at or past their date. */
export function findStatusesDue(executor: Executor, today: string, limit: number) {
  return executor
    .select()
    .from(policies)
    .where(
      or(
        and(inArray(policies.status, ['active']), lte(policies.expirationDate, today)),
        and(eq(policies.status, 'pending_cancellation'), lte(policies.cancellationDate, today)),
      ),
    )
    .orderBy(asc(policies.id))
    .limit(limit)
}

export function setStatus(executor: Executor, id: string, from: PolicyStatus, to: PolicyStatus) {
  return executor
    .update(policies)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(policies.id, id), eq(policies.status, from), ne(policies.status, to)))
    .returning({ id: policies.id, agencyId: policies.agencyId })
}

/**
 * The book's figures on `today`: written premium and count of the policies in force, and how many
 * of them expire within 30, 60 and 90 days. One pass over the agency's policies in force.
 */
export async function findBookFigures(executor: Executor, agencyId: string, today: string) {
  const inForce = and(
    eq(policies.agencyId, agencyId),
    inArray(policies.status, ['active', 'pending_cancellation']),
    gt(policies.expirationDate, today),
  )
  const within = (days: number) =>
    sql<number>`count(*) filter (where ${policies.expirationDate} <= ${today}::date + ${days}::int)::int`
  const [row] = await executor
    .select({
      premiumCents: sql<string>`coalesce(sum(${policies.writtenPremiumCents}), 0)::text`,
      policies: sql<number>`count(*)::int`,
      within30: within(30),
      within60: within(60),
      within90: within(90),
    })
    .from(policies)
    .where(inForce)
  return row!
}

/** Premium and policies in force per carrier, largest premium first. */
export function findPremiumByCarrier(executor: Executor, agencyId: string, today: string) {
  return executor
    .select({
      carrierId: policies.carrierId,
      premiumCents: sql<string>`sum(${policies.writtenPremiumCents})::text`,
      policies: sql<number>`count(*)::int`,
    })
    .from(policies)
    .where(
      and(
        eq(policies.agencyId, agencyId),
        inArray(policies.status, ['active', 'pending_cancellation']),
        gt(policies.expirationDate, today),
      ),
    )
    .groupBy(policies.carrierId)
    .orderBy(desc(sql`sum(${policies.writtenPremiumCents})`))
}

export interface ExpiringTerm {
  agencyId: string
  policyId: string
  /** Null only if the policy has lost its current term: the page still moves past it. */
  termId: string | null
  expirationDate: string
  writtenPremiumCents: number | null
  producerUserId: string | null
  carrierId: string
  lineOfBusiness: string
}

/**
 * Active policies' current terms expiring after `from` and up to `to`, across agencies, in
 * (expiration, policy) order after `after`: a page of what the renewal pipeline may take in. The
 * page is read from the policies' (status, expiration, id) index and each current term looked up
 * by its policy (a lateral join): joined on the dates instead, PostgreSQL takes the two dates' equality for rare, hashes both
 * tables whole and sorts them, seconds a page over a million policies.
 */
export function findTermsExpiring(
  executor: Executor,
  range: { from: string; to: string; agencyId?: string; policyId?: string },
  page: { limit: number; after?: { expirationDate: string; policyId: string } },
): Promise<ExpiringTerm[]> {
  const conditions = [
    eq(policies.status, 'active'),
    gt(policies.expirationDate, range.from),
    lte(policies.expirationDate, range.to),
    range.agencyId ? eq(policies.agencyId, range.agencyId) : undefined,
    range.policyId ? eq(policies.id, range.policyId) : undefined,
    page.after
      ? or(
          gt(policies.expirationDate, page.after.expirationDate),
          and(eq(policies.expirationDate, page.after.expirationDate), gt(policies.id, page.after.policyId)),
        )
      : undefined,
  ]
  // One lookup a policy for both the term's id and premium.
  const currentTerm = executor
    .select({ termId: policyTerms.id, writtenPremiumCents: policyTerms.writtenPremiumCents })
    .from(policyTerms)
    .where(
      and(eq(policyTerms.policyId, policies.id), eq(policyTerms.expirationDate, policies.expirationDate)),
    )
    .orderBy(desc(policyTerms.termNumber))
    .limit(1)
    .as('current_term')
  return executor
    .select({
      agencyId: policies.agencyId,
      policyId: policies.id,
      termId: currentTerm.termId,
      expirationDate: policies.expirationDate,
      writtenPremiumCents: currentTerm.writtenPremiumCents,
      producerUserId: policies.producerUserId,
      carrierId: policies.carrierId,
      lineOfBusiness: policies.lineOfBusiness,
    })
    .from(policies)
    .leftJoinLateral(currentTerm, sql`true`)
    .where(and(...conditions))
    .orderBy(asc(policies.expirationDate), asc(policies.id))
    .limit(page.limit)
}

/** The agencies with an active policy expiring after `from` and up to `to`. */
export async function findAgenciesWithTermsExpiring(
  executor: Executor,
  range: { from: string; to: string },
): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ agencyId: policies.agencyId })
    .from(policies)
    .where(
      and(
        eq(policies.status, 'active'),
        gt(policies.expirationDate, range.from),
        lte(policies.expirationDate, range.to),
      ),
    )
  return rows.map((row) => row.agencyId)
}

export function findPoliciesByIds(executor: Executor, agencyId: string, ids: string[]) {
  return executor
    .select()
    .from(policies)
    .where(and(eq(policies.agencyId, agencyId), inArray(policies.id, ids)))
}
