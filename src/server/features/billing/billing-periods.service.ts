import { utcMonthStart } from '#server/platform/calendar.ts'
import type { BillingPeriod } from '#shared/domain/plans.ts'

/**
 * `months` calendar months after `from`, on the same day of the month or the month's last day
 * when it has fewer (Jan 31 + 1 month = Feb 28), at the same time of day: how card processors
 * bill monthly.
 */
export function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear()
  const month = from.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const result = new Date(from)
  result.setUTCFullYear(year, month, Math.min(from.getUTCDate(), lastDay))
  return result
}

export function addBillingPeriod(from: Date, period: BillingPeriod): Date {
  return addMonths(from, period === 'yearly' ? 12 : 1)
}

export function subtractBillingPeriod(from: Date, period: BillingPeriod): Date {
  return addMonths(from, period === 'yearly' ? -12 : -1)
}

export interface QuotaPeriod {
  start: Date
  end: Date
  /** The `plan_usage` row's key: the start's UTC date. */
  key: string
}

/**
 * The month the plan's applications are counted in. A paid plan's months run from its billing
 * date (a yearly plan's year is cut into months the same way), so a new paid period starts a new
 * count; Free counts calendar months in UTC.
 */
export function quotaPeriod(anchor: Date | null, now = new Date()): QuotaPeriod {
  if (!anchor || anchor > now) {
    const start = utcMonthStart(now)
    return { start, end: addMonths(start, 1), key: start.toISOString().slice(0, 10) }
  }
  const elapsed =
    (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth())
  let months = Math.max(0, elapsed)
  while (months > 0 && addMonths(anchor, months) > now) months -= 1
  const start = addMonths(anchor, months)
  return { start, end: addMonths(anchor, months + 1), key: start.toISOString().slice(0, 10) }
}

/**
 * Stripe's proration, for the test checkout: the unused share of what was paid for the current
 * period is credited against the new plan. Same period length: the new price's share for the time
 * left, less the old price's. A new period length starts a new period now: the whole new price,
 * less the credit. Never below zero.
 */
export function proratedUpgradeCents(input: {
  oldPriceCents: number
  newPriceCents: number
  periodStart: Date
  periodEnd: Date
  samePeriodLength: boolean
  now?: Date
}): number {
  const now = input.now ?? new Date()
  const total = input.periodEnd.getTime() - input.periodStart.getTime()
  const left = Math.min(Math.max(input.periodEnd.getTime() - now.getTime(), 0), total)
  const unusedShare = total > 0 ? left / total : 0
  const credit = input.oldPriceCents * unusedShare
  const charge = input.samePeriodLength ? input.newPriceCents * unusedShare : input.newPriceCents
  return Math.max(0, Math.round(charge - credit))
}
