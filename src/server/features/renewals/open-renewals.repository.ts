import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { renewals } from './renewals.table.ts'

/**
 * A page of an agency's open renewals in id order, locked for the caller's transaction (an offer
 * recorded meanwhile waits, so its flag is not overwritten with one worked out from the old offer).
 */
export function lockOpenRenewals(executor: Executor, agencyId: string, after: string | null, limit: number) {
  return executor
    .select({
      id: renewals.id,
      stage: renewals.stage,
      expirationDate: renewals.expirationDate,
      expiringPremiumCents: renewals.expiringPremiumCents,
      offerPremiumCents: renewals.offerPremiumCents,
      dueDate: renewals.dueDate,
      atRisk: renewals.atRisk,
    })
    .from(renewals)
    .where(
      and(
        eq(renewals.agencyId, agencyId),
        isNull(renewals.closedAt),
        after ? gt(renewals.id, after) : undefined,
      ),
    )
    .orderBy(asc(renewals.id))
    .limit(limit)
    .for('update')
}

/** Writes each renewal's next milestone date and at-risk flag, in one statement. */
export async function updateDueDatesAndRisk(
  executor: Executor,
  agencyId: string,
  rows: { id: string; dueDate: string | null; atRisk: boolean }[],
) {
  if (rows.length === 0) return
  const values = sql.join(
    rows.map((row) => sql`(${row.id}::uuid, ${row.dueDate}::date, ${row.atRisk}::boolean)`),
    sql`, `,
  )
  await executor.execute(sql`
    update renewals set due_date = v.due_date, at_risk = v.at_risk, updated_at = now()
    from (values ${values}) as v(id, due_date, at_risk)
    where renewals.agency_id = ${agencyId}::uuid and renewals.id = v.id`)
}
