import type { TransactionKind } from '#shared/domain/policy-ledger.ts'

/**
 * The values of a statement line as matching compares them: the policy number's key, the
 * carrier's word for the transaction, the rate it paid at, and the line's date as a day number.
 */

/** Spaces, dashes (Excel's typographic ones too), dots, slashes and underscores. */
const NUMBER_SEPARATORS = /[\s\-\u2010-\u2015./_]+/g
/** Zeros after the letter prefix (none, `AB`, `HO`) and before the number's first digit. */
const LEADING_ZEROS = /^([A-Z]*)0+(?=\d)/

/**
 * A policy number as statements and the book are matched on: `AB-000123`, `ab 123` and `AB123`
 * are one key (AB123), and `000123` is `123`, because carriers' systems drop leading zeros and
 * separators as they please. The same key is applied to the carrier's policies.
 */
export function statementPolicyKey(number: string): string {
  const compact = number.toUpperCase().replace(NUMBER_SEPARATORS, '')
  return compact.replace(LEADING_ZEROS, '$1')
}

const TRANSACTION_WORDS: Record<string, TransactionKind> = {
  nb: 'new_business',
  new: 'new_business',
  'new business': 'new_business',
  newbusiness: 'new_business',
  rn: 'renewal',
  rwl: 'renewal',
  ren: 'renewal',
  renewal: 'renewal',
  renew: 'renewal',
  end: 'endorsement',
  endt: 'endorsement',
  endorsement: 'endorsement',
  pch: 'endorsement',
  change: 'endorsement',
  'policy change': 'endorsement',
  cxl: 'cancellation',
  can: 'cancellation',
  cancel: 'cancellation',
  cancellation: 'cancellation',
  'flat cancel': 'cancellation',
  rei: 'reinstatement',
  reinstate: 'reinstatement',
  reinstatement: 'reinstatement',
}

/** The transaction a carrier's word names (NB, RWL, Endt, CXL, Reinstate…); null when unknown or absent. */
export function readTransactionType(raw: string | null): TransactionKind | null {
  if (raw === null) return null
  const word = raw
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim()
  return TRANSACTION_WORDS[word] ?? null
}

/** A rate the line paid at, in basis points, with how far rounding alone could move it. */
export interface LineRate {
  bp: number
  /** Basis points the line's own cents could account for: 0 for a rate the carrier wrote. */
  slackBp: number
}

/**
 * The rate a line was paid at: the carrier's rate column, or its commission over its premium to
 * 0.01%. A rate read from cents carries slack: a carrier rounding the commission a cent either
 * way (plus the half cent of rounding itself) moves it by 1.5 cents over the premium, which on a
 * small premium is more than the 0.05-point rule, and is not a different rate.
 */
export function readLineRate(line: {
  rateBp: number | null
  premiumCents: number | null
  commissionCents: number
}): LineRate | null {
  if (line.rateBp !== null) return { bp: Math.abs(line.rateBp), slackBp: 0 }
  if (line.premiumCents === null || line.premiumCents === 0) return null
  const premium = Math.abs(line.premiumCents)
  return {
    bp: Math.round((Math.abs(line.commissionCents) * 10_000) / premium),
    slackBp: (1.5 * 10_000) / premium,
  }
}

const digitsAt = (date: string, from: number, count: number) => {
  let value = 0
  for (let at = from; at < from + count; at++) value = value * 10 + date.charCodeAt(at) - 48
  return value
}

/**
 * Days since 1970-01-01 of a YYYY-MM-DD date, by arithmetic on its digits (the civil-calendar
 * formula): 60,000 rows per statement go through it, and `Date` parsing was a tenth of matching.
 */
export function dayNumberOf(date: string): number {
  const month = digitsAt(date, 5, 2)
  const year = digitsAt(date, 0, 4) - (month <= 2 ? 1 : 0)
  const era = Math.floor(year / 400)
  const yearOfEra = year - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + digitsAt(date, 8, 2) - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/** Whether a paid amount is within the agency's tolerance of the expected: max(cents, percent of it). */
export function isWithinTolerance(
  paidCents: number,
  expectedCents: number,
  tolerance: { cents: number; percent: number },
): boolean {
  const difference = Math.abs(paidCents - expectedCents)
  return difference <= tolerance.cents || difference * 100 <= tolerance.percent * Math.abs(expectedCents)
}
