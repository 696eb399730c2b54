import { PLAN_CODES, type PlanCode } from '#shared/domain/plans.ts'
import type { HistoryRow } from './billing-figures.repository.ts'

/**
 * Pure readings of subscription_events (columns described on the table). A plan "holds" from an
 * event's effective_at: the agency's plan at a moment T is the to-plan of its latest event
 * effective by T (a cancellation's to-plan is Free).
 */

/** What the event's plan brings in a month, in cents: yearly prices divided by 12; a cancellation 0. */
export function monthlyCentsOf(event: HistoryRow): number {
  if (event.eventType === 'cancelled' || event.toPlanCode === 'free') return 0
  return event.billingPeriod === 'yearly' ? event.amountCents / 12 : event.amountCents
}

const byEffectiveTime = (history: readonly HistoryRow[]) =>
  [...history].sort(
    (a, b) =>
      a.effectiveAt.getTime() - b.effectiveAt.getTime() || a.occurredAt.getTime() - b.occurredAt.getTime(),
  )

function latestByAgency(history: readonly HistoryRow[], at: Date): Map<string, HistoryRow> {
  const latest = new Map<string, HistoryRow>()
  for (const event of byEffectiveTime(history)) {
    if (event.effectiveAt > at) break
    latest.set(event.agencyId, event)
  }
  return latest
}

/**
 * Monthly recurring revenue at each of these moments (ascending), in cents, from the events
 * effective by then: one sorted sweep, each agency's contribution replaced by its latest event's.
 */
export function mrrSeries(history: readonly HistoryRow[], moments: readonly Date[]): number[] {
  const ordered = byEffectiveTime(history)
  const current = new Map<string, number>()
  const series: number[] = []
  let total = 0
  let next = 0
  for (const at of moments) {
    while (next < ordered.length && ordered[next]!.effectiveAt <= at) {
      const event = ordered[next++]!
      const cents = monthlyCentsOf(event)
      total += cents - (current.get(event.agencyId) ?? 0)
      current.set(event.agencyId, cents)
    }
    series.push(total)
  }
  return series
}

/** Monthly recurring revenue at a moment, in cents, from the events effective by then. */
export function mrrAt(history: readonly HistoryRow[], at: Date): number {
  return mrrSeries(history, [at])[0]!
}

/**
 * Churn of the month starting at `monthStart`, as a share 0–1: of the agencies paying at the
 * month's start, those whose cancellation took effect since (up to `now`).
 */
export function churnShare(history: readonly HistoryRow[], monthStart: Date, now: Date): number {
  const paying = [...latestByAgency(history, monthStart).values()].filter((e) => monthlyCentsOf(e) > 0)
  if (paying.length === 0) return 0
  const payingIds = new Set(paying.map((event) => event.agencyId))
  const cancelled = new Set(
    history
      .filter(
        (e) =>
          e.eventType === 'cancelled' &&
          payingIds.has(e.agencyId) &&
          e.effectiveAt > monthStart &&
          e.effectiveAt <= now,
      )
      .map((e) => e.agencyId),
  )
  return cancelled.size / paying.length
}

const rank = (code: string) => PLAN_CODES.indexOf(code as PlanCode)

/** Each agency's plans in the order it held them (changes effective by `now`). */
function planPaths(history: readonly HistoryRow[], now: Date): Map<string, string[]> {
  const paths = new Map<string, string[]>()
  const ordered = history
    .filter((e) => e.effectiveAt <= now)
    .sort(
      (a, b) =>
        a.effectiveAt.getTime() - b.effectiveAt.getTime() || a.occurredAt.getTime() - b.occurredAt.getTime(),
    )
  for (const event of ordered) {
    const path = paths.get(event.agencyId) ?? [event.fromPlanCode]
    path.push(event.eventType === 'cancelled' ? 'free' : event.toPlanCode)
    paths.set(event.agencyId, path)
  }
  return paths
}

export type FunnelStep = 'freeToStarter' | 'starterToProfessional' | 'professionalToEnterprise'
const STEPS: Record<FunnelStep, [PlanCode, PlanCode]> = {
  freeToStarter: ['free', 'starter'],
  starterToProfessional: ['starter', 'professional'],
  professionalToEnterprise: ['professional', 'enterprise'],
}

/**
 * Conversion between tiers, each a share 0–1: of the agencies that were ever on tier A, those that
 * later reached tier B or a higher one (Executive counts as above Enterprise). Agencies that never
 * changed plan count on their current plan (`unchanged`: how many agencies sit on each plan).
 */
export function conversionShares(
  history: readonly HistoryRow[],
  unchanged: readonly { planCode: string; agencies: number }[],
  now: Date,
): Record<FunnelStep, number> {
  const paths = [...planPaths(history, now).values()]
  const answer = {} as Record<FunnelStep, number>
  for (const [step, [from, to]] of Object.entries(STEPS) as [FunnelStep, [PlanCode, PlanCode]][]) {
    let ever = unchanged.filter((row) => row.planCode === from).reduce((sum, row) => sum + row.agencies, 0)
    let converted = 0
    for (const path of paths) {
      const at = path.indexOf(from)
      if (at < 0) continue
      ever += 1
      if (path.slice(at + 1).some((plan) => rank(plan) >= rank(to))) converted += 1
    }
    answer[step] = ever === 0 ? 0 : converted / ever
  }
  return answer
}
