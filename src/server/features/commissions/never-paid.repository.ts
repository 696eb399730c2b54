import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { rowsOf } from '#server/db/rows.ts'
import type { selectPolicyNumbers } from '../policies/policy-lookup.service.ts'
import { isPaid } from './commission-exceptions.repository.ts'
import { commissionExceptions } from './commission-statements.table.ts'
import { expectedCommissions } from './expected-commissions.table.ts'

/** Agencies the never-paid run has anything to look at: an expected commission due by then, or an open never-paid. */
export async function findAgenciesWithNeverPaidWork(executor: Executor, dueBy: string): Promise<string[]> {
  const result = await executor.execute(sql`
    select agency_id as "agencyId" from ${expectedCommissions}
    where amount_cents > 0 and effective_date <= ${dueBy}::date
    union
    select agency_id from ${commissionExceptions} where kind = 'never_paid' and status = 'open'
    order by 1`)
  return rowsOf<{ agencyId: string }>(result).map((row) => row.agencyId)
}

/**
 * Up to `limit` open never-paid exceptions, in one statement: the agency's expected commissions
 * with a positive amount dated on or before `dueBy`, that no matched or resolved line holds and
 * that have no never-paid exception yet, oldest first. The unique key on the expected row is the
 * backstop for two runs at once, and why a resolved one is never written again. Answers how many.
 */
export async function insertNeverPaid(
  executor: Executor,
  policyNumbers: ReturnType<typeof selectPolicyNumbers>,
  scope: { agencyId: string; dueBy: string; neverPaidDays: number; limit: number },
): Promise<number> {
  const { agencyId } = scope
  const result = await executor.execute(sql`
    with due as (
      select e.id, e.carrier_id, e.policy_id, e.amount_cents, e.effective_date
      from ${expectedCommissions} e
      where e.agency_id = ${agencyId} and e.amount_cents > 0 and e.effective_date <= ${scope.dueBy}::date
        and not ${isPaid(agencyId, sql`e.id`)}
        and not exists (select 1 from ${commissionExceptions} x
          where x.agency_id = ${agencyId} and x.kind = 'never_paid' and x.expected_commission_id = e.id)
      order by e.effective_date, e.id
      limit ${scope.limit}
    ), written as (
      insert into ${commissionExceptions} (agency_id, kind, carrier_id, expected_commission_id, reason)
      select ${agencyId}::uuid, 'never_paid', due.carrier_id, due.id,
        '$' || to_char(due.amount_cents / 100.0, 'FM999,999,999,990.00') || ' expected on '
          || due.effective_date::text || ' for ' || coalesce(policy_numbers.policy_number, 'a policy')
          || ', not on any statement after ' || ${scope.neverPaidDays}::int || ' days'
      from due left join ${policyNumbers} on policy_numbers.id = due.policy_id
      on conflict (agency_id, expected_commission_id) where kind = 'never_paid' do nothing
      returning 1
    )
    select count(*)::int as written from written`)
  return rowsOf<{ written: number }>(result)[0]!.written
}

/** Open never-paid exceptions whose expected row a line has since paid, closed as paid. Answers how many. */
export async function closePaidNeverPaid(executor: Executor, agencyId: string): Promise<number> {
  const result = await executor.execute(sql`
    with closed as (
      update ${commissionExceptions} x set status = 'resolved', resolution = 'paid', resolved_at = now()
      where x.agency_id = ${agencyId} and x.kind = 'never_paid' and x.status = 'open'
        and ${isPaid(agencyId, sql`x.expected_commission_id`)}
      returning 1
    )
    select count(*)::int as closed from closed`)
  return rowsOf<{ closed: number }>(result)[0]!.closed
}
