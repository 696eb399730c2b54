import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { rowsOf } from '#server/db/rows.ts'
import { PREMIUM_CHANGE_BANDS } from '#shared/domain/renewal-retention.ts'
import type { UserNamesQuery } from '../auth/find-user-names.ts'
import type { CarrierNamesQuery } from '../carriers/carriers.service.ts'
import type { PolicyProducersQuery } from '../policies/policy-retention.service.ts'
import { renewals } from './renewals.table.ts'

/** What the figures read of other features: query fragments their services export. */
export interface RetentionSources {
  producers: PolicyProducersQuery
  /** The renewed term's premium in cents for a renewal's expiring term and renewed policy. */
  followingTermPremium: (renewal: { expiringTermId: SQLWrapper; renewedPolicyId: SQLWrapper }) => SQL
  carriers: CarrierNamesQuery
  users: UserNamesQuery
}

export type RetentionDimension = 'total' | 'month' | 'producer' | 'carrier' | 'line' | 'lost_reason'

/** One group's sums; money in cents, the change in percent. */
export interface RetentionFigureRow {
  dimension: RetentionDimension
  /** The group's value: a month (YYYY-MM), producer or carrier id, line or lost reason; null for the total or no producer. */
  key: string | null
  carrierName: string | null
  producerFirstName: string | null
  producerLastName: string | null
  closed: number
  renewed: number
  lost: number
  expiringCents: number
  retainedCents: number
  lostCents: number
  /** Renewed renewals with a premium to compare, their median change and their count per band. */
  changes: number
  medianChange: number | null
  bands: number[]
}

const CLOSED_STAGES = sql.raw(`('renewed', 'lost', 'non_renewed')`)

/** Counts each band of PREMIUM_CHANGE_BANDS, lowest first, into an array. */
const bandCounts = sql.join(
  PREMIUM_CHANGE_BANDS.map((band) => {
    const from = band.from === null ? sql`true` : sql`change >= ${band.from}`
    const to = band.to === null ? sql`true` : sql`change < ${band.to}`
    return sql`count(*) filter (where ${from} and ${to})`
  }),
  sql`, `,
)

/**
 * The retention figures of the agency's closed renewals whose expiring term expired in
 * [from, until): in one statement, the total and the groups by expiration month, producer,
 * carrier, line and lost reason (grouping sets over one pass), named by joining the carriers' and
 * users' fragments to the groups. A renewal's premium change is its renewed term's premium (or,
 * without one, the offer it accepted) against the expiring premium, rounded to one decimal as
 * the renewal's own change is.
 */
export async function findRetentionFigures(
  executor: Executor,
  agencyId: string,
  range: { from: string; until: string },
  sources: RetentionSources,
): Promise<RetentionFigureRow[]> {
  const { producers, carriers, users } = sources
  const renewedCents = sources.followingTermPremium({
    expiringTermId: renewals.termId,
    renewedPolicyId: renewals.renewedPolicyId,
  })
  const result = await executor.execute(sql`
    with closed as (
      select to_char(${renewals.expirationDate}, 'YYYY-MM') as month,
        ${producers.producerUserId} as producer_id, ${renewals.carrierId} as carrier_id,
        ${renewals.lineOfBusiness} as line, ${renewals.lostReason} as lost_reason,
        ${renewals.stage} as stage, ${renewals.expiringPremiumCents} as expiring,
        case when ${renewals.expiringPremiumCents} > 0 then
          (floor((renewed.cents - ${renewals.expiringPremiumCents}) * 1000.0
            / ${renewals.expiringPremiumCents} + 0.5) / 10)::float8 end as change
      from ${renewals}
      left join ${producers} on ${producers.id} = ${renewals.policyId}
      cross join lateral (
        select case when ${renewals.stage} = 'renewed'
          then coalesce(${renewedCents}, ${renewals.offerPremiumCents}) end as cents
      ) renewed
      where ${renewals.agencyId} = ${agencyId} and ${renewals.stage} in ${CLOSED_STAGES}
        and ${renewals.expirationDate} >= ${range.from}::date
        and ${renewals.expirationDate} < ${range.until}::date
    ),
    figures as (
      select case when grouping(month) = 0 then 'month' when grouping(producer_id) = 0 then 'producer'
          when grouping(carrier_id) = 0 then 'carrier' when grouping(line) = 0 then 'line'
          when grouping(lost_reason) = 0 then 'lost_reason' else 'total' end as dimension,
        coalesce(month, producer_id::text, carrier_id::text, line, lost_reason) as key,
        producer_id, carrier_id,
        count(*)::int as closed,
        (count(*) filter (where stage = 'renewed'))::int as renewed,
        (count(*) filter (where stage = 'lost'))::int as lost,
        sum(expiring)::float8 as "expiringCents",
        coalesce(sum(expiring) filter (where stage = 'renewed'), 0)::float8 as "retainedCents",
        coalesce(sum(expiring) filter (where stage = 'lost'), 0)::float8 as "lostCents",
        count(change)::int as changes,
        percentile_cont(0.5) within group (order by change) as "medianChange",
        array[${bandCounts}]::int[] as bands
      from closed
      group by grouping sets ((), (month), (producer_id), (carrier_id), (line), (lost_reason))
    )
    select figures.dimension, figures.key, figures.closed, figures.renewed, figures.lost,
      figures."expiringCents", figures."retainedCents", figures."lostCents", figures.changes,
      figures."medianChange", figures.bands, ${carriers.name} as "carrierName",
      ${users.firstName} as "producerFirstName", ${users.lastName} as "producerLastName"
    from figures
    left join ${carriers} on figures.dimension = 'carrier' and ${carriers.id} = figures.carrier_id
    left join ${users} on figures.dimension = 'producer' and ${users.id} = figures.producer_id`)
  return rowsOf<RetentionFigureRow>(result)
}
