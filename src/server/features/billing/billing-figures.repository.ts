import { sql } from 'drizzle-orm'
import { toArrayLiteral } from '#server/db/array-literal.ts'
import type { Executor } from '#server/db/connect.ts'
import { rowsOf } from '#server/db/rows.ts'

// Platform-wide reads of billing's records for the owner dashboard (billing-figures.ts). Not an
// agency's view: nothing here is scoped to one agency.

export interface PlanCountRow {
  planCode: string
  billingPeriod: string | null
  status: string
  agencies: number
}

/** Agencies by plan, billing period and subscription status. */
export async function countAgenciesByPlan(executor: Executor): Promise<PlanCountRow[]> {
  const result = await executor.execute(sql`
    select plan_code as "planCode", billing_period as "billingPeriod",
      subscription_status as status, count(*)::int as agencies
    from agencies group by 1, 2, 3`)
  return rowsOf(result)
}

/** Agencies with no subscription event, by their current plan (they never changed plan). */
export async function countAgenciesWithoutEvents(executor: Executor) {
  const result = await executor.execute(sql`
    select a.plan_code as "planCode", count(*)::int as agencies from agencies a
    where not exists (select 1 from subscription_events e where e.agency_id = a.id)
    group by 1`)
  return rowsOf<{ planCode: string; agencies: number }>(result)
}

/** Agencies whose trial has ended by `now`, and how many of them are on Free. */
export async function countEndedTrials(executor: Executor, now: Date) {
  const result = await executor.execute(sql`
    select count(*)::int as ended, count(*) filter (where plan_code = 'free')::int as "onFree"
    from agencies where trial_ends_at is not null and trial_ends_at <= ${now.toISOString()}::timestamptz`)
  return rowsOf<{ ended: number; onFree: number }>(result)[0] ?? { ended: 0, onFree: 0 }
}

/** Sum of paid invoices (Stripe's, and the test checkout's receipts), in cents. */
export async function sumPaidInvoices(executor: Executor): Promise<number> {
  const result = await executor.execute(sql`
    select coalesce(sum(amount_cents), 0)::bigint as cents from billing_invoices where status = 'paid'`)
  return Number(rowsOf<{ cents: string | number }>(result)[0]?.cents ?? 0)
}

export interface HistoryRow {
  agencyId: string
  eventType: string
  fromPlanCode: string
  toPlanCode: string
  billingPeriod: string | null
  amountCents: number
  occurredAt: Date
  effectiveAt: Date
}

/** Every subscription event, oldest first (a few per agency: 10,000 agencies make ~30,000 rows). */
export async function listSubscriptionHistory(executor: Executor): Promise<HistoryRow[]> {
  const result = await executor.execute(sql`
    select agency_id as "agencyId", event_type as "eventType", from_plan_code as "fromPlanCode",
      to_plan_code as "toPlanCode", billing_period as "billingPeriod", amount_cents as "amountCents",
      occurred_at as "occurredAt", effective_at as "effectiveAt"
    from subscription_events order by occurred_at, id`)
  return rowsOf<HistoryRow>(result).map((row) => ({
    ...row,
    occurredAt: new Date(row.occurredAt),
    effectiveAt: new Date(row.effectiveAt),
  }))
}

/** The latest events with who asked (null when the provider reported it) and the agency's name. */
export async function listRecentSubscriptionEvents(executor: Executor, limit: number) {
  const result = await executor.execute(sql`
    select e.id, e.event_type as "eventType", e.from_plan_code as "fromPlanCode",
      e.to_plan_code as "toPlanCode", e.amount_cents as "amountCents", e.occurred_at as "occurredAt",
      a.name as "agencyName", u.first_name || ' ' || u.last_name as "userName"
    from subscription_events e
    join agencies a on a.id = e.agency_id
    left join users u on u.id = e.actor_user_id
    order by e.occurred_at desc, e.id desc limit ${limit}`)
  return rowsOf<{
    id: string
    eventType: string
    fromPlanCode: string
    toPlanCode: string
    amountCents: number
    occurredAt: string | Date
    agencyName: string
    userName: string | null
  }>(result)
}

/**
 * The agencies that paid the most, each credited to the user who set up its subscription
 * (billing_accounts.billing_user_id), or the agency's first admin when none is recorded.
 */
export async function listTopPayingAgencies(executor: Executor, limit: number) {
  const result = await executor.execute(sql`
    with paid as (
      select agency_id, sum(amount_cents)::bigint as cents from billing_invoices
      where status = 'paid' group by agency_id order by cents desc limit ${limit}
    )
    select p.agency_id as "agencyId", p.cents,
      coalesce(b.billing_user_id, (
        select u.id from users u where u.agency_id = p.agency_id and u.role = 'agency_admin'
        order by u.created_at, u.id limit 1)) as "userId"
    from paid p left join billing_accounts b on b.agency_id = p.agency_id
    order by p.cents desc`)
  return rowsOf<{ agencyId: string; cents: string | number; userId: string | null }>(result).map((row) => ({
    ...row,
    cents: Number(row.cents),
  }))
}

/** Paid invoices of each of these agencies, in cents (agencies that paid nothing are absent). */
export async function sumPaidInvoicesOf(executor: Executor, agencyIds: readonly string[]) {
  if (agencyIds.length === 0) return new Map<string, number>()
  const result = await executor.execute(sql`
    select agency_id as "agencyId", sum(amount_cents)::bigint as cents from billing_invoices
    where status = 'paid' and agency_id = any(${toArrayLiteral(agencyIds)}::uuid[])
    group by agency_id`)
  return new Map(
    rowsOf<{ agencyId: string; cents: string | number }>(result).map((r) => [r.agencyId, Number(r.cents)]),
  )
}
