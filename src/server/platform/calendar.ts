import { utc } from '@date-fns/utc'
import { addMonths, startOfMonth, subDays } from 'date-fns'

// Figures and quotas count calendar months and days in UTC, whatever the server's own zone.

/** The first instant of the UTC month of `date`, `months` later (earlier when negative). */
export function utcMonthStart(date: Date, months = 0): Date {
  return new Date(startOfMonth(addMonths(date, months, { in: utc }), { in: utc }))
}

/** The instant `days` whole UTC days before `date`. */
export function utcDaysBefore(date: Date, days: number): Date {
  return new Date(subDays(date, days, { in: utc }))
}

/** Today's calendar date (YYYY-MM-DD) in UTC: the day policy terms and their statuses are read on. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}
