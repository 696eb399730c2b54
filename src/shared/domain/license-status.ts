/**
 * A license's standing (spec part 3 §4, §9). The status is set by hand (active, expired, suspended,
 * revoked); for an active license the label is read from the days left to its expiration date.
 */
export const LICENSE_STATUSES = ['active', 'expired', 'suspended', 'revoked'] as const
export type LicenseStatus = (typeof LICENSE_STATUSES)[number]

/** The two expiry bands: 30 days or fewer is urgent, 31 to 90 a warning. */
export const LICENSE_URGENT_DAYS = 30
export const LICENSE_WARNING_DAYS = 90

const DAY_MS = 86_400_000

/** Whole calendar days from `today` to `date` (both YYYY-MM-DD); negative once it has passed. */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS)
}

/** Today's date in UTC, YYYY-MM-DD (the server's calendar; the browser passes its own). */
export function isoDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10)
}

/** A date `days` after `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS))
}

export type LicenseTone = 'destructive' | 'outline' | 'default'

export interface LicenseLabel {
  label: string
  tone: LicenseTone
}

/**
 * The spec's label: Expired, Suspended or Revoked for those statuses; otherwise from the days to
 * expiry: 0 or fewer Expired, up to 30 'Expires in N days' (destructive), 31 to 90 the same
 * (outline), beyond 90 Active. A license without an expiration date reads Active.
 */
export function licenseStatusLabel(status: LicenseStatus, daysToExpiry: number | null): LicenseLabel {
  if (status === 'expired') return { label: 'Expired', tone: 'destructive' }
  if (status === 'suspended') return { label: 'Suspended', tone: 'destructive' }
  if (status === 'revoked') return { label: 'Revoked', tone: 'destructive' }
  if (daysToExpiry === null) return { label: 'Active', tone: 'default' }
  if (daysToExpiry <= 0) return { label: 'Expired', tone: 'destructive' }
  const expires = `Expires in ${daysToExpiry} ${daysToExpiry === 1 ? 'day' : 'days'}`
  if (daysToExpiry <= LICENSE_URGENT_DAYS) return { label: expires, tone: 'destructive' }
  if (daysToExpiry <= LICENSE_WARNING_DAYS) return { label: expires, tone: 'outline' }
  return { label: 'Active', tone: 'default' }
}

/** An active license that is in force today: the checklist's license verification. */
export function isLicenseInForce(status: LicenseStatus, daysToExpiry: number | null): boolean {
  return status === 'active' && (daysToExpiry === null || daysToExpiry > 0)
}

/**
 * An active license whose date falls within 90 days, or has passed without anyone marking it
 * expired: what the alerts banner and the expiring count show.
 */
export function isLicenseExpiring(status: LicenseStatus, daysToExpiry: number | null): boolean {
  return status === 'active' && daysToExpiry !== null && daysToExpiry <= LICENSE_WARNING_DAYS
}

/** Reminders go out as the days left reach 90, 30 and 0 (the day it expires). */
export const REMINDER_THRESHOLDS = [90, 30, 0] as const
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number]

/**
 * How long after expiry a missed 0-day reminder is still sent (a worker that was down that day);
 * licenses expired longer ago are not reminded of at all.
 */
export const REMINDER_GRACE_DAYS = 30

/**
 * The reminder due today for a license with `daysLeft`, given the tightest threshold already sent
 * for its current expiration date (null: none). Only the tightest threshold reached is sent: a
 * license entered 20 days before expiry gets the 30-day reminder, not the 90-day one too; and
 * once a threshold is sent nothing is sent again until the next one is reached.
 */
export function dueReminderThreshold(
  daysLeft: number,
  sentTightest: number | null,
): ReminderThreshold | null {
  if (daysLeft < -REMINDER_GRACE_DAYS) return null
  const reached = REMINDER_THRESHOLDS.filter((threshold) => daysLeft <= threshold)
  const tightest = reached.at(-1)
  if (tightest === undefined) return null
  if (sentTightest !== null && sentTightest <= tightest) return null
  return tightest
}
