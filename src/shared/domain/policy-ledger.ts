/**
 * The book of business's arithmetic, one rule each (ARCHITECTURE: the book of business). Money is
 * integer cents inside and dollars on the wire; rates and penalties are basis points; a result is
 * rounded half-up once, at the end. Dates are calendar dates written YYYY-MM-DD, and a term runs
 * from 12:01 a.m. on its effective date to 12:01 a.m. on its expiration date, as policies are
 * written: a term of 2026-01-01 to 2027-01-01 has 365 days, and it is over on 2027-01-01.
 */

export const POLICY_STATUSES = [
  'active',
  'pending_cancellation',
  'cancelled',
  'expired',
  'non_renewed',
  'renewed',
] as const
export type PolicyStatus = (typeof POLICY_STATUSES)[number]

export const TRANSACTION_KINDS = [
  'new_business',
  'endorsement',
  'cancellation',
  'reinstatement',
  'renewal',
] as const
export type TransactionKind = (typeof TRANSACTION_KINDS)[number]

export const CANCELLATION_REASONS = [
  'insured_request',
  'non_payment',
  'underwriting',
  'replaced',
  'other',
] as const
export type CancellationReason = (typeof CANCELLATION_REASONS)[number]

export const CANCELLATION_METHODS = ['pro_rata', 'short_rate', 'flat'] as const
export type CancellationMethod = (typeof CANCELLATION_METHODS)[number]

/** The carrier's short-rate penalty unless the agent gives another: 10% of the pro-rata return. */
export const DEFAULT_SHORT_RATE_PENALTY_BP = 1000
/** Days after a cancellation's effective date within which it can be reinstated, unless the agency says. */
export const DEFAULT_REINSTATEMENT_WINDOW_DAYS = 30

const DAY_MS = 86_400_000

/** Cents from dollars as the wire carries them (at most two decimals), exact for any real amount. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100)
}

export function toDollars(cents: number): number {
  return cents / 100
}

/** A policy number as its uniqueness and search compare it: upper case, no spaces. */
export function policyNumberKey(value: string): string {
  return value.toUpperCase().replace(/\s+/g, '')
}

/** Whether a wire amount has at most two decimals (49.99 yes, 49.999 no), within float noise. */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6
}

/** Half-up division of non-negative integers: 5/2 → 3, 4/3 → 1. */
function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from)
}

/** The calendar date `months` after `date`, clamped to the month's last day (Jan 31 + 1 → Feb 28). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const target = new Date(Date.UTC(year, month - 1 + months, 1))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, lastDay))
  return target.toISOString().slice(0, 10)
}

export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10)
}

/**
 * A term's length in months: whole when its dates are (a 6- or 12-month term as written, month
 * ends clamped as addMonths clamps them), else the nearest month, at least one.
 */
export function termMonthsOf(term: TermDates): number {
  const [fromYear, fromMonth] = term.effectiveDate.split('-').map(Number) as [number, number]
  const [toYear, toMonth] = term.expirationDate.split('-').map(Number) as [number, number]
  const months = (toYear - fromYear) * 12 + (toMonth - fromMonth)
  if (months > 0 && addMonths(term.effectiveDate, months) === term.expirationDate) return months
  return Math.max(1, Math.round(daysBetween(term.effectiveDate, term.expirationDate) / 30.4375))
}

/** A premium for `termMonths` as a year's premium: what the comparison sets side by side. */
export function annualise(premiumCents: number, termMonths: number): number {
  return divideHalfUp(premiumCents * 12, termMonths)
}

export interface TermDates {
  effectiveDate: string
  expirationDate: string
}

/** Whether a transaction dated `date` falls inside the term: from its effective date, before its expiration. */
export function isWithinTerm(term: TermDates, date: string): boolean {
  return date >= term.effectiveDate && date < term.expirationDate
}

export interface ReturnPremiumInput extends TermDates {
  /** The term's written premium when it is cancelled: the sum of its transactions. */
  writtenPremiumCents: number
  cancellationDate: string
  method: CancellationMethod
  /** Short-rate only: the carrier's penalty on the pro-rata return, in basis points. */
  penaltyBp?: number
}

/**
 * The premium the carrier returns on a cancellation.
 * - pro-rata: the written premium times the unused days over the term's days;
 * - short-rate: the pro-rata return less the carrier's penalty (basis points of it);
 * - flat: the whole written premium (the term is cancelled back to its effective date).
 * A cancellation on the effective date returns everything, by any method.
 */
export function returnPremium(input: ReturnPremiumInput): number {
  const { writtenPremiumCents, method } = input
  if (writtenPremiumCents <= 0) return 0
  if (method === 'flat') return writtenPremiumCents
  const termDays = daysBetween(input.effectiveDate, input.expirationDate)
  const unusedDays = Math.min(
    termDays,
    Math.max(0, daysBetween(input.cancellationDate, input.expirationDate)),
  )
  if (unusedDays === termDays) return writtenPremiumCents
  if (method === 'pro_rata') return divideHalfUp(writtenPremiumCents * unusedDays, termDays)
  const keptBp = 10_000 - (input.penaltyBp ?? DEFAULT_SHORT_RATE_PENALTY_BP)
  return divideHalfUp(writtenPremiumCents * unusedDays * keptBp, termDays * 10_000)
}

export interface StatusFacts extends TermDates {
  /** The effective date of a cancellation that no reinstatement followed, if any. */
  cancellationDate: string | null
  /** How the last term ended when a renewal decided it (the renewals issue sets these). */
  outcome: 'renewed' | 'non_renewed' | null
}

/**
 * A policy's status on `today`, from its current term and its ledger; never set by hand. The
 * daily job applies it to every policy, so a list can filter on the stored value.
 */
export function policyStatusOn(facts: StatusFacts, today: string): PolicyStatus {
  if (facts.cancellationDate) return today < facts.cancellationDate ? 'pending_cancellation' : 'cancelled'
  if (today >= facts.expirationDate) return facts.outcome ?? 'expired'
  return 'active'
}

/** Whether a policy cancelled on `cancellationDate` can still be reinstated on `today`. */
export function canReinstate(cancellationDate: string, today: string, windowDays: number): boolean {
  return daysBetween(cancellationDate, today) <= windowDays
}
