import type { Executor } from '#server/db/connect.ts'
import { invalidField } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  type PremiumChangeRow,
  type Retention,
  type RetentionRange,
  type RetentionRow,
  RETENTION_TEXTS as T,
} from '#shared/contracts/renewals-retention.contract.ts'
import { INSURANCE_TYPE_LABELS, INSURANCE_TYPES } from '#shared/domain/insurance-types.ts'
import { toDollars } from '#shared/domain/policy-ledger.ts'
import { LOST_REASONS, todayIn } from '#shared/domain/renewal-pipeline.ts'
import {
  MAX_RETENTION_MONTHS,
  monthCount,
  monthLabel,
  monthsBetween,
  PREMIUM_CHANGE_BANDS,
  percentOf,
  shiftMonth,
} from '#shared/domain/renewal-retention.ts'
import { selectUserNames } from '../auth/find-user-names.ts'
import { selectCarrierNames } from '../carriers/carriers.service.ts'
import { selectFollowingTermPremium, selectPolicyProducers } from '../policies/policy-retention.service.ts'
import { renewalSettingsFor } from './renewal-settings.service.ts'
import {
  findRetentionFigures,
  type RetentionDimension,
  type RetentionFigureRow,
} from './retention.repository.ts'

/**
 * The range asked for, both ends months: to this month (in the agency's time zone) and from 11
 * months before `to` unless said. A reversed or too long range is refused on the field to change.
 */
export async function resolveRange(
  executor: Executor,
  agencyId: string,
  range: RetentionRange,
  now: Date,
): Promise<{ from: string; to: string }> {
  const settings = (await renewalSettingsFor(executor, [agencyId])).get(agencyId)!
  const to = range.to ?? todayIn(settings.timeZone, now).slice(0, 7)
  const from = range.from ?? shiftMonth(to, -11)
  if (from > to) throw invalidField(range.from ? 'from' : 'to', T.rangeReversed)
  if (monthCount(from, to) > MAX_RETENTION_MONTHS)
    throw invalidField('from', T.rangeTooLong.replace('{months}', String(MAX_RETENTION_MONTHS)))
  return { from, to }
}

function toRetentionRow(key: string, label: string, row: RetentionFigureRow | undefined): RetentionRow {
  const closed = row?.closed ?? 0
  const renewed = row?.renewed ?? 0
  const expiringCents = Number(row?.expiringCents ?? 0)
  const retainedCents = Number(row?.retainedCents ?? 0)
  return {
    key,
    label,
    closed,
    renewed,
    countRate: percentOf(renewed, closed),
    expiringPremium: toDollars(expiringCents),
    retainedPremium: toDollars(retainedCents),
    premiumRate: percentOf(retainedCents, expiringCents),
  }
}

function toPremiumChange(row: RetentionFigureRow | undefined) {
  const median = row?.medianChange ?? null
  return {
    count: row?.changes ?? 0,
    median: median === null ? null : Math.round(median * 10) / 10,
    bands: PREMIUM_CHANGE_BANDS.map((band, i) => ({ label: band.label, count: row?.bands[i] ?? 0 })),
  }
}

const byClosedThenLabel = (a: RetentionRow, b: RetentionRow) =>
  b.closed - a.closed || a.label.localeCompare(b.label)

function producerLabel(row: RetentionFigureRow): string {
  if (row.key === null) return T.noProducer
  if (row.producerFirstName === null) return T.formerUser
  return `${row.producerFirstName} ${row.producerLastName}`.trim()
}

/**
 * Retention over the agency's closed renewals (renewed, lost, non-renewed) whose expiring term
 * expired in the range's months: by count and by premium, in all and by month, producer, carrier
 * and line; why renewals were lost; and how the premium changed where they renewed.
 */
export async function getRetention(
  executor: Executor,
  ctx: Ctx,
  query: RetentionRange,
  now = new Date(),
): Promise<Retention> {
  const { agencyId } = ctx.actor
  const { from, to } = await resolveRange(executor, agencyId, query, now)
  const rows = await findRetentionFigures(
    executor,
    agencyId,
    { from: `${from}-01`, until: `${shiftMonth(to, 1)}-01` },
    {
      producers: selectPolicyProducers(agencyId),
      followingTermPremium: (renewal) => selectFollowingTermPremium(agencyId, renewal),
      carriers: selectCarrierNames(),
      users: selectUserNames(),
    },
  )
  const of = (dimension: RetentionDimension) => rows.filter((row) => row.dimension === dimension)
  const total = of('total')[0]
  const months = new Map(of('month').map((row) => [row.key, row]))
  const lines = new Map(of('line').map((row) => [row.key, row]))
  const lost = new Map(of('lost_reason').map((row) => [row.key, row]))
  const carriers = of('carrier')
  const carrierName = (row: RetentionFigureRow) => row.carrierName ?? T.unknownCarrier
  return {
    from,
    to,
    total: toRetentionRow('total', T.total, total),
    byMonth: monthsBetween(from, to).map((month) =>
      toRetentionRow(month, monthLabel(month), months.get(month)),
    ),
    byProducer: of('producer')
      .map((row) => toRetentionRow(row.key ?? '', producerLabel(row), row))
      .sort(byClosedThenLabel),
    byCarrier: carriers.map((row) => toRetentionRow(row.key!, carrierName(row), row)).sort(byClosedThenLabel),
    byLine: INSURANCE_TYPES.filter((line) => lines.has(line)).map((line) => ({
      ...toRetentionRow(line, INSURANCE_TYPE_LABELS[line], lines.get(line)),
      key: line,
    })),
    lostReasons: LOST_REASONS.map((reason) => ({
      reason,
      count: lost.get(reason)?.lost ?? 0,
      premium: toDollars(Number(lost.get(reason)?.lostCents ?? 0)),
    })).sort((a, b) => b.count - a.count),
    premiumChange: {
      ...toPremiumChange(total),
      byCarrier: carriers
        .filter((row) => row.changes > 0)
        .map(
          (row): PremiumChangeRow => ({
            carrierId: row.key!,
            carrierName: carrierName(row),
            ...toPremiumChange(row),
          }),
        )
        .sort((a, b) => b.count - a.count || a.carrierName.localeCompare(b.carrierName)),
    },
  }
}
