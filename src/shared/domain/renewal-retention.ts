import { addMonths } from './policy-ledger.ts'

/**
 * Issue #31's retention figures, apart from any store: the months a range covers, the rates and
 * the bands of premium change at renewal. A month is written YYYY-MM.
 */

/** The longest range the figures are asked for at once: five years of expiration months. */
export const MAX_RETENTION_MONTHS = 60

/** The months of a range, both ends included, oldest first; empty when `to` comes before `from`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = []
  for (let month = from; month <= to; month = shiftMonth(month, 1)) months.push(month)
  return months
}

/** The month `count` months after `month` (before, when negative). */
export function shiftMonth(month: string, count: number): string {
  return addMonths(`${month}-01`, count).slice(0, 7)
}

/** How many months a range covers, both ends included (0 when reversed). */
export function monthCount(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7))
  return Math.max(0, index(to) - index(from) + 1)
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** 2026-01 → Jan 2026. */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`
}

/** A part of a whole in percent with one decimal, half up; null when the whole is nothing. */
export function percentOf(part: number, whole: number): number | null {
  if (whole === 0) return null
  return Math.round((part / whole) * 1000) / 10
}

/**
 * The bands a renewal's premium change falls in, in percent. Each band includes its lower bound,
 * so +10% (where the at-risk rule starts) opens the 10–20% band and an unchanged premium is in
 * 0–5%. Null is open-ended.
 */
export const PREMIUM_CHANGE_BANDS = [
  { label: 'Below −10%', from: null, to: -10 },
  { label: '−10% to 0%', from: -10, to: 0 },
  { label: '0% to 5%', from: 0, to: 5 },
  { label: '5% to 10%', from: 5, to: 10 },
  { label: '10% to 20%', from: 10, to: 20 },
  { label: '20% or more', from: 20, to: null },
] as const satisfies readonly { label: string; from: number | null; to: number | null }[]
