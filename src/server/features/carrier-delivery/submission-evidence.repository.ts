import { sql } from 'drizzle-orm'
import { toArrayLiteral } from '#server/db/array-literal.ts'
import type { Executor } from '#server/db/connect.ts'
import type { SubmissionStatus } from '#shared/domain/submission-status.ts'
import { carrierSubmissions, submissionStatusChanges } from './carrier-delivery.table.ts'

/** A submission that reached its carrier: sent, and whatever the carrier answered since. */
export const REACHED_CARRIER: readonly SubmissionStatus[] = [
  'sent',
  'acknowledged',
  'under_review',
  'approved',
  'declined',
]

type Rows<T> = { rows: T[] }

/** Of these agency and carrier pairs, those with a submission that reached the carrier. */
export async function findPairsWithReachedSubmissions(
  executor: Executor,
  pairs: readonly { agencyId: string; carrierId: string }[],
): Promise<{ agencyId: string; carrierId: string }[]> {
  if (pairs.length === 0) return []
  const agencyIds = toArrayLiteral(pairs.map((pair) => pair.agencyId))
  const carrierIds = toArrayLiteral(pairs.map((pair) => pair.carrierId))
  // One index probe per pair ((agency_id, carrier_id) leads carrier_submissions_carrier_idx).
  const result = await executor.execute(sql`
    select p.agency_id as "agencyId", p.carrier_id as "carrierId"
    from (select distinct * from unnest(${agencyIds}::uuid[], ${carrierIds}::uuid[]) as u(agency_id, carrier_id)) p
    where exists (
      select 1 from ${carrierSubmissions} s
      where s.agency_id = p.agency_id and s.carrier_id = p.carrier_id
        and s.status = any(${toArrayLiteral(REACHED_CARRIER)}::text[]))`)
  return (result as unknown as Rows<{ agencyId: string; carrierId: string }>).rows
}

/**
 * Per carrier, the median days from an application reaching the carrier to its
 * decision (approved or declined), over every agency's submissions; only carriers with at least
 * `minimum` decisions. Nothing about which agencies made them leaves this query.
 */
export async function measureTurnaroundByCarrier(
  executor: Executor,
  minimum: number,
): Promise<{ carrierId: string; medianDays: number }[]> {
  const result = await executor.execute(sql`
    select s.carrier_id as "carrierId",
      percentile_cont(0.5) within group (
        order by greatest(0, extract(epoch from (d.decided_at - s.delivered_at)) / 86400)) as "medianDays"
    from ${carrierSubmissions} s
    cross join lateral (
      select min(h.created_at) as decided_at from ${submissionStatusChanges} h
      where h.agency_id = s.agency_id and h.submission_id = s.id and h.to_status in ('approved', 'declined')
    ) d
    where s.record_type = 'application' and s.status in ('approved', 'declined')
      and s.delivered_at is not null and d.decided_at is not null
    group by s.carrier_id
    having count(*) >= ${minimum}`)
  return (result as unknown as Rows<{ carrierId: string; medianDays: number | string }>).rows.map((row) => ({
    carrierId: row.carrierId,
    medianDays: Number(row.medianDays),
  }))
}

/**
 * Every carrier's submissions across all agencies and record types: how many, how many reached
 * the carrier (REACHED_CARRIER) and how many failed to be delivered.
 */
export async function countOutcomesByCarrier(executor: Executor) {
  const result = await executor.execute(sql`
    select s.carrier_id as "carrierId",
      count(*)::int as submissions,
      count(*) filter (where s.status = any(${toArrayLiteral(REACHED_CARRIER)}::text[]))::int as delivered,
      count(*) filter (where s.status = 'failed')::int as failed
    from ${carrierSubmissions} s
    group by s.carrier_id`)
  return (result as unknown as Rows<CarrierOutcomes>).rows
}

export interface CarrierOutcomes {
  carrierId: string
  submissions: number
  delivered: number
  failed: number
}
