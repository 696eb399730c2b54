import { formatCount } from '#web/lib/format.ts'

/** A rate in percent with its one decimal ('57.1%'), or a dash when there was nothing to measure. */
export function formatRate(value: number | null): string {
  return value === null ? '—' : `${value}%`
}

/** A change in percent with its sign ('+7.5%', '−10%', '0%'); a dash without one. */
export function formatChange(value: number | null): string {
  if (value === null) return '—'
  if (value > 0) return `+${value}%`
  return value < 0 ? `−${Math.abs(value)}%` : '0%'
}

/** '4 of 7 renewals'. */
export function formatShare(part: number, whole: number, noun: string): string {
  return `${formatCount(part)} of ${formatCount(whole)} ${noun}`
}
