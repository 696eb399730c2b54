import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
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
