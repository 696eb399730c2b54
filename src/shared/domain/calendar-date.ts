/**
 * A real calendar date written YYYY-MM-DD, from year 1: `Date.parse` takes '2026-02-31' (it rolls
 * over to March 3) and '0000-01-01', and PostgreSQL's `date` then refuses the row.
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return (
    !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && date.toISOString().slice(0, 10) === value
  )
}
