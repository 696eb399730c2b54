import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { toArrayLiteral } from '#server/db/array-literal.ts'
import type { Executor } from '#server/db/connect.ts'
import { renewalEvents, renewals } from './renewals.table.ts'

export type RenewalRow = typeof renewals.$inferSelect
export type NewRenewal = typeof renewals.$inferInsert
export type NewRenewalEvent = typeof renewalEvents.$inferInsert

/** Inserts the renewals whose term has none yet; answers only the ones this call created. */
export function insertNewRenewals(executor: Executor, rows: NewRenewal[]) {
  if (rows.length === 0) return Promise.resolve([])
  return executor
    .insert(renewals)
    .values(rows)
    .onConflictDoNothing({ target: renewals.termId })
    .returning({ id: renewals.id, agencyId: renewals.agencyId, policyId: renewals.policyId })
}

/** A renewal the daily pipeline puts in as upcoming. */
export interface UpcomingRenewal {
  agencyId: string
  policyId: string
  termId: string
  carrierId: string
  lineOfBusiness: string
  assigneeId: string | null
  expirationDate: string
  expiringPremiumCents: number
  dueDate: string
}

/**
 * Inserts as upcoming the renewals whose term has none yet, each with its "entered" event, in one
 * statement: each column travels as one array parameter and `unnest` turns them back into rows (a
 * statement naming every column of 2,000 rows took longer to plan than to run). Answers only the
 * ones this call created.
 */
export async function insertUpcomingRenewals(executor: Executor, rows: UpcomingRenewal[]) {
  if (rows.length === 0) return []
  const column = <K extends keyof UpcomingRenewal>(key: K, type: string) =>
    sql`${toArrayLiteral(rows.map((row) => row[key]))}::${sql.raw(type)}[]`
  const result = await executor.execute(sql`
    with created as (
      insert into ${renewals} (agency_id, policy_id, term_id, carrier_id, line_of_business, assignee_id,
        expiration_date, expiring_premium_cents, due_date, stage)
      select *, 'upcoming' from unnest(${sql.join(
        [
          column('agencyId', 'uuid'),
          column('policyId', 'uuid'),
          column('termId', 'uuid'),
          column('carrierId', 'uuid'),
          column('lineOfBusiness', 'text'),
          column('assigneeId', 'uuid'),
          column('expirationDate', 'date'),
          column('expiringPremiumCents', 'bigint'),
          column('dueDate', 'date'),
        ],
        sql`, `,
      )})
      on conflict (term_id) do nothing
      returning id, agency_id, policy_id
    ), events as (
      insert into ${renewalEvents} (agency_id, renewal_id, kind, to_stage)
      select agency_id, id, 'entered', 'upcoming' from created
    )
    select agency_id as "agencyId", policy_id as "policyId" from created`)
  return (result as unknown as { rows: { agencyId: string; policyId: string }[] }).rows
}

/** Brings the planner's statistics of the renewal tables up to date (after a bulk entry). */
export async function refreshStatistics(executor: Executor) {
  await executor.execute(sql`analyze renewals, renewal_events`)
}

export async function insertEvents(executor: Executor, rows: NewRenewalEvent[]) {
  if (rows.length > 0) await executor.insert(renewalEvents).values(rows)
}

export async function findRenewal(
  executor: Executor,
  agencyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = executor
    .select()
    .from(renewals)
    .where(and(eq(renewals.agencyId, agencyId), eq(renewals.id, id)))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

/** The open renewals of these policies (a cancellation or a non-renewal takes them out). */
export function findOpenForPolicies(executor: Executor, agencyId: string, policyIds: string[]) {
  return executor
    .select()
    .from(renewals)
    .where(
      and(eq(renewals.agencyId, agencyId), inArray(renewals.policyId, policyIds), isNull(renewals.closedAt)),
    )
}

/** The policy's open renewal (one term is open at a time), locked for the caller's transaction. */
export async function findOpenForPolicy(executor: Executor, agencyId: string, policyId: string) {
  const [row] = await executor
    .select()
    .from(renewals)
    .where(and(eq(renewals.agencyId, agencyId), eq(renewals.policyId, policyId), isNull(renewals.closedAt)))
    .orderBy(desc(renewals.expirationDate))
    .limit(1)
    .for('update')
  return row
}

/** The renewal of the policy's latest term, open or closed, locked for the caller's transaction. */
export async function findLatestForPolicy(executor: Executor, agencyId: string, policyId: string) {
  const [row] = await executor
    .select()
    .from(renewals)
    .where(and(eq(renewals.agencyId, agencyId), eq(renewals.policyId, policyId)))
    .orderBy(desc(renewals.expirationDate))
    .limit(1)
    .for('update')
  return row
}

/** The open renewal remarketed as this application, locked for the caller's transaction. */
export async function findOpenByApplication(executor: Executor, agencyId: string, applicationId: string) {
  const [row] = await executor
    .select()
    .from(renewals)
    .where(
      and(
        eq(renewals.agencyId, agencyId),
        eq(renewals.remarketApplicationId, applicationId),
        isNull(renewals.closedAt),
      ),
    )
    .for('update')
  return row
}

export function updateRenewal(executor: Executor, agencyId: string, id: string, values: Partial<RenewalRow>) {
  return executor
    .update(renewals)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(renewals.agencyId, agencyId), eq(renewals.id, id)))
}

/** How many renewals each agency has open (for the job's log and the demo). */
export function countOpenByAgency(executor: Executor) {
  return executor
    .select({ agencyId: renewals.agencyId, open: sql<number>`count(*)::int` })
    .from(renewals)
    .where(isNull(renewals.closedAt))
    .groupBy(renewals.agencyId)
}

export interface RenewalListFilter {
  stage?: RenewalRow['stage']
  assigneeId?: string
  line?: string
  carrierId?: string
  dueBefore?: string
  policyId?: string
}

/** The list's order: at risk first, then the next milestone's date, closed ones (no date) last. */
const FAR_DATE = '9999-12-31'
// Written as literally as the index renewals_list_order_idx is, so PostgreSQL reads pages off it.
const dueKey = sql<string>`coalesce(${renewals.dueDate}, ${sql.raw(`'${FAR_DATE}'::date`)})`
// At risk counts only while the renewal is open: a closed one sorts with the closed.
const riskKey = sql<number>`(case when ${renewals.atRisk} and ${renewals.closedAt} is null then 0 else 1 end)`

export interface RenewalCursor {
  risk: number
  due: string
  id: string
}

export function cursorOf(row: RenewalRow): RenewalCursor {
  return { risk: row.atRisk && row.closedAt === null ? 0 : 1, due: row.dueDate ?? FAR_DATE, id: row.id }
}

/** A page of the agency's renewals in the list's order, after the cursor's position. */
export function findRenewals(
  executor: Executor,
  agencyId: string,
  filter: RenewalListFilter,
  page: { limit: number; after?: RenewalCursor },
) {
  const conditions = [
    eq(renewals.agencyId, agencyId),
    filter.stage ? eq(renewals.stage, filter.stage) : undefined,
    filter.assigneeId ? eq(renewals.assigneeId, filter.assigneeId) : undefined,
    filter.line ? eq(renewals.lineOfBusiness, filter.line) : undefined,
    filter.carrierId ? eq(renewals.carrierId, filter.carrierId) : undefined,
    filter.dueBefore ? and(isNull(renewals.closedAt), lte(renewals.dueDate, filter.dueBefore)) : undefined,
    filter.policyId ? eq(renewals.policyId, filter.policyId) : undefined,
    page.after
      ? sql`(${riskKey}, ${dueKey}, ${renewals.id}) > (${page.after.risk}, ${page.after.due}::date, ${page.after.id}::uuid)`
      : undefined,
  ]
  return executor
    .select()
    .from(renewals)
    .where(and(...conditions))
    .orderBy(asc(riskKey), asc(dueKey), asc(renewals.id))
    .limit(page.limit)
}

export function findEvents(executor: Executor, agencyId: string, renewalId: string) {
  return executor
    .select()
    .from(renewalEvents)
    .where(and(eq(renewalEvents.agencyId, agencyId), eq(renewalEvents.renewalId, renewalId)))
    .orderBy(asc(renewalEvents.createdAt), asc(renewalEvents.seq))
}
