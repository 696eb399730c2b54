import { type SQL, sql } from 'drizzle-orm'
import { toArrayLiteral } from '#server/db/array-literal.ts'
import type { Executor } from '#server/db/connect.ts'
import { rowsOf } from '#server/db/rows.ts'
import type { RateKind, RateSource } from '#shared/domain/commission-math.ts'
import type { LedgerFactsQuery } from '../policies/policy-commission.service.ts'
import { commissionRates, policyCommissionRates } from './commission-rates.table.ts'
import { expectedCommissions, producerSplitShares, producerSplits } from './expected-commissions.table.ts'

/** Which transactions a statement rates: these policies', those without a row, and with `rerateFrom` those of terms from that day. */
export interface RateScope {
  agencyId: string
  policyIds: readonly string[]
  /** A policy's override changed from this day: its rows of terms starting on or after it are rated again. */
  rerateFrom?: string
}

// The ledger fragment is a subquery named `ledger`; its columns are read by the names it gives
// them (transaction_id, term_effective_date …): Drizzle renders an aliased field unqualified, which
// a join with another table's columns of the same name would make ambiguous.
const uuids = (ids: readonly string[]) => sql`${toArrayLiteral(ids)}::uuid[]`

/**
 * The candidates' rates, as two CTEs (candidates, rated) that a statement goes on from. The rate
 * of a transaction is the one in force on its term's first day, tried in order (decision 029): the
 * policy's override, the carrier's rate for the line, for all lines, the agency's default for the
 * line, for all lines. Each source's latest row on or before the day counts, so a row ending a rate
 * (null rates) hides the rows before it and the next source is tried. New-business rates for a
 * first term, renewal rates after. A transaction no rate covers is left out.
 */
function ratedCtes(ledger: LedgerFactsQuery, scope: RateScope): SQL {
  const { agencyId } = scope
  const rerate = scope.rerateFrom ?? null
  const rateOf = (row: string) =>
    sql.raw(`case when c.term_number <= 1 then ${row}.new_business_bp else ${row}.renewal_bp end`)
  return sql`
    with candidates as (
      select ledger.* from ${ledger}
      where ledger.policy_id = any(${uuids(scope.policyIds)})
        and (not exists (select 1 from ${expectedCommissions} e
               where e.agency_id = ${agencyId} and e.transaction_id = ledger.transaction_id)
          or ledger.term_effective_date >= ${rerate}::date)
    ), rated as (
      select c.*, case when c.term_number <= 1 then 'new_business' else 'renewal' end as rate_kind,
        r.rate_bp, r.rate_source, r.rate_id
      from candidates c
      cross join lateral (
        select options.* from (
          (select o.id as rate_id, 'policy' as rate_source, 0 as rank, ${rateOf('o')} as rate_bp
            from ${policyCommissionRates} o
            where o.agency_id = ${agencyId} and o.policy_id = c.policy_id
              and o.effective_from <= c.term_effective_date
            order by o.effective_from desc, o.created_at desc limit 1)
          union all
          (select distinct on (s.carrier_id, s.line_of_business) s.id,
              case when s.carrier_id is null
                then case when s.line_of_business is null then 'agency' else 'agency_line' end
                else case when s.line_of_business is null then 'carrier' else 'carrier_line' end end,
              case when s.carrier_id is null then 2 else 0 end
                + case when s.line_of_business is null then 2 else 1 end,
              ${rateOf('s')}
            from ${commissionRates} s
            where s.agency_id = ${agencyId}
              and (s.carrier_id = c.carrier_id or s.carrier_id is null)
              and (s.line_of_business = c.line_of_business or s.line_of_business is null)
              and s.effective_from <= c.term_effective_date
            order by s.carrier_id, s.line_of_business, s.effective_from desc, s.created_at desc)
        ) options
        where options.rate_bp is not null
        order by options.rank
        limit 1
      ) r
    )`
}

/**
 * The commission in SQL, as commissionCents (commission-math.ts) has it: half-up to the cent,
 * symmetric about zero. A test holds the two to the same answers.
 */
export function commissionSql(premiumCents: SQL, rateBp: SQL): SQL {
  return sql`(case when ${premiumCents} < 0 then -1 else 1 end)
    * ((abs(${premiumCents}) * ${rateBp} * 2 + 10000) / 20000)`
}

/**
 * One statement for a scope: the expected commission of every transaction that has none and a rate
 * applies to; with rerateFrom, the rows of terms from that day rated again (or removed when no
 * rate covers them any more). Answers how many rows it wrote and removed.
 */
export async function writeExpectedCommissions(
  executor: Executor,
  ledger: LedgerFactsQuery,
  scope: RateScope,
): Promise<{ written: number; removed: number }> {
  const { agencyId } = scope
  const rerate = scope.rerateFrom ?? null
  const result = await executor.execute(sql`
    ${ratedCtes(ledger, scope)}, written as (
      insert into ${expectedCommissions} (agency_id, policy_id, transaction_id, term_id, carrier_id,
        line_of_business, transaction_kind, effective_date, term_effective_date, premium_change_cents,
        rate_kind, rate_bp, rate_source, rate_id, amount_cents)
      select ${agencyId}::uuid, policy_id, transaction_id, term_id, carrier_id, line_of_business, kind,
        effective_date, term_effective_date, premium_change_cents, rate_kind, rate_bp, rate_source,
        rate_id, ${commissionSql(sql`premium_change_cents`, sql`rate_bp`)}
      from rated
      on conflict (agency_id, transaction_id) do update set
        rate_kind = excluded.rate_kind, rate_bp = excluded.rate_bp, rate_source = excluded.rate_source,
        rate_id = excluded.rate_id, amount_cents = excluded.amount_cents, updated_at = now()
      where excluded.term_effective_date >= ${rerate}::date
        and (${expectedCommissions.rateBp}, ${expectedCommissions.rateId})
          is distinct from (excluded.rate_bp, excluded.rate_id)
      returning 1
    ), removed as (
      delete from ${expectedCommissions} e
      where ${rerate}::date is not null and e.agency_id = ${agencyId}
        and e.policy_id = any(${uuids(scope.policyIds)}) and e.term_effective_date >= ${rerate}::date
        and not exists (select 1 from rated where rated.transaction_id = e.transaction_id)
      returning 1
    )
    select (select count(*) from written)::int as written, (select count(*) from removed)::int as removed`)
  return rowsOf<{ written: number; removed: number }>(result)[0]!
}

/** What a transaction without a row would earn now: the rate the job is about to record, if any. */
export interface PendingRate {
  transactionId: string
  rateKind: RateKind
  rateBp: number
  rateSource: RateSource
  amountCents: number
}

/** The rates these policies' transactions without a row would get, read only. */
export async function findPendingRates(executor: Executor, ledger: LedgerFactsQuery, scope: RateScope) {
  const result = await executor.execute(sql`
    ${ratedCtes(ledger, scope)}
    select transaction_id as "transactionId", rate_kind as "rateKind", rate_bp as "rateBp",
      rate_source as "rateSource",
      ${commissionSql(sql`premium_change_cents`, sql`rate_bp`)}::bigint as "amountCents"
    from rated`)
  return rowsOf<PendingRate & { amountCents: string | number }>(result).map((row) => ({
    ...row,
    amountCents: Number(row.amountCents),
  }))
}

/**
 * For these policies without a split: the default one, their producer at 100% writing, from their
 * first term's day. A policy without a producer gets none. Answers how many it wrote.
 */
export async function writeDefaultSplits(
  executor: Executor,
  ledger: LedgerFactsQuery,
  agencyId: string,
  policyIds: readonly string[],
): Promise<number> {
  const result = await executor.execute(sql`
    with missing as (
      select ledger.policy_id as policy_id, ledger.producer_user_id as user_id,
        min(ledger.term_effective_date) as first_day
      from ${ledger}
      where ledger.policy_id = any(${uuids(policyIds)}) and ledger.producer_user_id is not null
        and not exists (select 1 from ${producerSplits} s
          where s.agency_id = ${agencyId} and s.policy_id = ledger.policy_id)
      group by 1, 2
    ), splits as (
      insert into ${producerSplits} (agency_id, policy_id, effective_from, source)
      select ${agencyId}::uuid, policy_id, first_day, 'default' from missing
      on conflict (agency_id, policy_id) where source = 'default' do nothing
      returning id, policy_id
    ), shares as (
      insert into ${producerSplitShares} (agency_id, split_id, position, user_id, role, share_bp)
      select ${agencyId}::uuid, splits.id, 0, missing.user_id, 'writing', 10000
      from splits join missing using (policy_id)
      returning 1
    )
    select count(*)::int as written from shares`)
  return rowsOf<{ written: number }>(result)[0]!.written
}

/** A policy's transactions, oldest first, each with its expected commission where one is recorded. */
export async function findPolicyLedger(
  executor: Executor,
  ledger: LedgerFactsQuery,
  agencyId: string,
  policyId: string,
) {
  const result = await executor.execute(sql`
    select ledger.transaction_id as "transactionId", ledger.term_number as "termNumber",
      ledger.kind as kind, ledger.effective_date::text as "effectiveDate",
      ledger.premium_change_cents::bigint as "premiumChangeCents",
      e.rate_kind as "rateKind", e.rate_bp as "rateBp", e.rate_source as "rateSource",
      e.amount_cents as "amountCents"
    from ${ledger}
    left join ${expectedCommissions} e
      on e.agency_id = ${agencyId} and e.transaction_id = ledger.transaction_id
    where ledger.policy_id = ${policyId}
    order by ledger.term_number, ledger.created_at, ledger.transaction_id`)
  return rowsOf<LedgerRow>(result).map((row) => ({
    ...row,
    premiumChangeCents: Number(row.premiumChangeCents),
    amountCents: row.amountCents === null ? null : Number(row.amountCents),
  }))
}

interface LedgerRow {
  transactionId: string
  termNumber: number
  kind: string
  effectiveDate: string
  premiumChangeCents: number | string
  rateKind: RateKind | null
  rateBp: number | null
  rateSource: RateSource | null
  amountCents: number | string | null
}
