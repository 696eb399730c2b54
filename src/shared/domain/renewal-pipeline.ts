import { addDays } from './policy-ledger.ts'

/**
 * Issue #31: the renewal pipeline's rules, apart from any store. A renewal is the next term of one
 * policy term, worked from the agency's horizon (default 120 days before expiration) through four
 * milestones to renewed, lost or non-renewed.
 */
export const RENEWAL_STAGES = [
  'upcoming',
  'in_review',
  'remarketing',
  'quoted',
  'renewed',
  'lost',
  'non_renewed',
] as const
export type RenewalStage = (typeof RENEWAL_STAGES)[number]

/** The stages still being worked; the other three close the renewal. */
export const OPEN_STAGES = [
  'upcoming',
  'in_review',
  'remarketing',
  'quoted',
] as const satisfies readonly RenewalStage[]
export type OpenStage = (typeof OPEN_STAGES)[number]

export const LOST_REASONS = [
  'price',
  'coverage',
  'service',
  'carrier_non_renewed',
  'client_left',
  'other',
] as const
export type LostReason = (typeof LOST_REASONS)[number]

export const MILESTONES = ['review', 'remarket_decision', 'quotes_compared', 'client_contacted'] as const
export type Milestone = (typeof MILESTONES)[number]

/** Days before expiration each milestone falls due, in the milestones' order. */
export type MilestoneDays = Record<Milestone, number>

export interface RenewalSettings {
  /** A policy enters the pipeline when its expiration is this many days away or fewer. */
  horizonDays: number
  milestoneDays: MilestoneDays
  /** An offer this much dearer than the expiring premium, in percent or in dollars, is at risk. */
  atRiskPercent: number
  atRiskDollars: number
  /** The agency's IANA time zone: milestones fall due and turn overdue at its midnight. */
  timeZone: string
}

export const DEFAULT_RENEWAL_SETTINGS: RenewalSettings = {
  horizonDays: 120,
  milestoneDays: { review: 90, remarket_decision: 60, quotes_compared: 45, client_contacted: 30 },
  atRiskPercent: 10,
  atRiskDollars: 500,
  timeZone: 'America/New_York',
}

export function isOpenStage(stage: RenewalStage): stage is OpenStage {
  return (OPEN_STAGES as readonly RenewalStage[]).includes(stage)
}

/**
 * The milestone a renewal works towards in its stage: an upcoming renewal waits for its review, one
 * in review for the decision to remarket, one remarketing for its quotes to be compared, and a quoted
 * one for the client to be told. A closed renewal has none. A renewal that skips remarketing (the
 * carrier's offer is fine) goes from in review to quoted, and so to the last milestone.
 */
export function nextMilestone(stage: RenewalStage): Milestone | null {
  if (!isOpenStage(stage)) return null
  return MILESTONES[OPEN_STAGES.indexOf(stage)]!
}

/** The calendar date a milestone falls due for a term expiring on `expirationDate`. */
export function milestoneDate(expirationDate: string, milestone: Milestone, days: MilestoneDays): string {
  return addDays(expirationDate, -days[milestone])
}

/** Every milestone's date, in order, for a calendar feed or a renewal's page. */
export function milestoneDates(expirationDate: string, days: MilestoneDays) {
  return MILESTONES.map((milestone) => ({ milestone, date: milestoneDate(expirationDate, milestone, days) }))
}

/** Whether a term expiring on `expirationDate` is inside the horizon on `today`, and not yet expired. */
export function isWithinHorizon(expirationDate: string, today: string, horizonDays: number): boolean {
  return expirationDate > today && expirationDate <= addDays(today, horizonDays)
}

/** The date a term expiring on `expirationDate` enters the pipeline. */
export function entersPipelineOn(expirationDate: string, horizonDays: number): string {
  return addDays(expirationDate, -horizonDays)
}

/** A milestone is overdue the day after it falls due, while the renewal is still open. */
export function isOverdue(dueDate: string | null, today: string): boolean {
  return dueDate !== null && dueDate < today
}

export interface PremiumChange {
  changeCents: number
  /** One decimal place; null when the expiring premium was zero. */
  changePercent: number | null
}

export function premiumChange(expiringCents: number, offerCents: number): PremiumChange {
  const changeCents = offerCents - expiringCents
  if (expiringCents === 0) return { changeCents, changePercent: null }
  return { changeCents, changePercent: Math.round((changeCents / expiringCents) * 1000) / 10 }
}

/**
 * At risk once the offer is dearer by the agency's percentage or its dollar amount, or more (+10%
 * or +$500 by default): an agent would rather see a renewal flagged at exactly +10% than miss it.
 */
export function isAtRisk(
  change: PremiumChange,
  settings: Pick<RenewalSettings, 'atRiskPercent' | 'atRiskDollars'>,
) {
  if (change.changeCents <= 0) return false
  if (change.changeCents >= settings.atRiskDollars * 100) return true
  return change.changePercent !== null && change.changePercent >= settings.atRiskPercent
}

/** The longest horizon an agency may set: the daily job reads terms expiring up to this far ahead. */
export const MAX_HORIZON_DAYS = 365

/**
 * Milestones must fall in order, each after the one before, and inside the horizon. Answers the
 * first milestone at fault and why (a form puts the message on that milestone's field), or null.
 */
export function milestoneDaysProblem(
  days: MilestoneDays,
  horizonDays: number,
): { milestone: Milestone; message: string } | null {
  const wrong = MILESTONES.find((milestone) => !Number.isInteger(days[milestone]) || days[milestone] < 1)
  if (wrong) return { milestone: wrong, message: 'Each milestone is a whole number of days, 1 or more' }
  if (days.review > horizonDays)
    return { milestone: 'review', message: 'The review cannot come before the renewal enters the pipeline' }
  for (let i = 1; i < MILESTONES.length; i++) {
    const milestone = MILESTONES[i]!
    if (days[milestone] >= days[MILESTONES[i - 1]!])
      return { milestone, message: 'Each milestone comes after the one before it: fewer days before expiry' }
  }
  return null
}

/**
 * Today's calendar date in a time zone (an IANA name such as America/Chicago). A renewal's
 * milestone is overdue from the agency's midnight, not the server's.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now)
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}
