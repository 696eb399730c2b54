import { describe, expect, it } from 'vitest'
import {
  addMonths,
  annualise,
  canReinstate,
  daysBetween,
  isWholeCents,
  isWithinTerm,
  policyStatusOn,
  returnPremium,
  termMonthsOf,
  toCents,
} from './policy-ledger.ts'

const year2026 = { effectiveDate: '2026-01-01', expirationDate: '2027-01-01', writtenPremiumCents: 120_000 }

describe('return premium, worked by hand', () => {
  it('pro-rata: $1,200 for 2026, cancelled July 1, returns 184 of 365 days: $604.93', () => {
    expect(daysBetween('2026-07-01', '2027-01-01')).toBe(184)
    // 120000 × 184 / 365 = 60493.15… → 60493
    expect(returnPremium({ ...year2026, cancellationDate: '2026-07-01', method: 'pro_rata' })).toBe(60_493)
  })

  it('pro-rata in a leap year: $1,200 for 2028, cancelled March 1, returns 306 of 366 days: $1,003.28', () => {
    const term = { effectiveDate: '2028-01-01', expirationDate: '2029-01-01', writtenPremiumCents: 120_000 }
    expect(daysBetween(term.effectiveDate, term.expirationDate)).toBe(366)
    // 120000 × 306 / 366 = 100327.86… → 100328
    expect(returnPremium({ ...term, cancellationDate: '2028-03-01', method: 'pro_rata' })).toBe(100_328)
  })

  it('short-rate: the pro-rata return less the 10% penalty, rounded once: $544.44', () => {
    // 120000 × 184 / 365 × 0.9 = 54443.83… → 54444
    expect(returnPremium({ ...year2026, cancellationDate: '2026-07-01', method: 'short_rate' })).toBe(54_444)
    // A carrier's 25% penalty: 60493.15… × 0.75 = 45369.86… → 45370
    expect(
      returnPremium({ ...year2026, cancellationDate: '2026-07-01', method: 'short_rate', penaltyBp: 2500 }),
    ).toBe(45_370)
  })

  it('returns the whole premium on the effective date, by every method, and flat on any date', () => {
    for (const method of ['pro_rata', 'short_rate', 'flat'] as const) {
      expect(returnPremium({ ...year2026, cancellationDate: '2026-01-01', method })).toBe(120_000)
    }
    expect(returnPremium({ ...year2026, cancellationDate: '2026-11-30', method: 'flat' })).toBe(120_000)
  })

  it('returns nothing on the last day’s end and for a term with no premium', () => {
    expect(returnPremium({ ...year2026, cancellationDate: '2027-01-01', method: 'pro_rata' })).toBe(0)
    expect(
      returnPremium({
        ...year2026,
        writtenPremiumCents: 0,
        cancellationDate: '2026-07-01',
        method: 'pro_rata',
      }),
    ).toBe(0)
  })

  it('counts one day the same in a half-year term: $600 for Jan 1–Jul 1 2026, cancelled June 30, returns 1 of 181 days', () => {
    const term = { effectiveDate: '2026-01-01', expirationDate: '2026-07-01', writtenPremiumCents: 60_000 }
    // 60000 × 1 / 181 = 331.49… → 331
    expect(returnPremium({ ...term, cancellationDate: '2026-06-30', method: 'pro_rata' })).toBe(331)
  })
})

describe('money and dates', () => {
  it('turns wire dollars into exact cents and refuses fractions of a cent', () => {
    expect(toCents(19.99)).toBe(1999)
    expect(toCents(1234.56)).toBe(123_456)
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(isWholeCents(49.99)).toBe(true)
    expect(isWholeCents(49.999)).toBe(false)
  })

  it('adds months to the month’s last day when the day is not in it', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29')
    expect(addMonths('2026-08-15', 6)).toBe('2027-02-15')
    expect(addMonths('2026-03-01', 12)).toBe('2027-03-01')
  })

  it('annualises a six-month premium for the comparison', () => {
    expect(annualise(60_001, 6)).toBe(120_002)
    expect(annualise(100_000, 12)).toBe(100_000)
  })

  it('reads a term’s length in months from its dates, a clamped month end included', () => {
    expect(termMonthsOf(year2026)).toBe(12)
    expect(termMonthsOf({ effectiveDate: '2026-08-31', expirationDate: '2027-02-28' })).toBe(6)
    expect(termMonthsOf({ effectiveDate: '2026-01-15', expirationDate: '2026-07-15' })).toBe(6)
    // Not whole months (a short-rated term entered by hand): the nearest month.
    expect(termMonthsOf({ effectiveDate: '2026-01-01', expirationDate: '2026-04-20' })).toBe(4)
    expect(termMonthsOf({ effectiveDate: '2026-01-01', expirationDate: '2026-01-05' })).toBe(1)
  })

  it('keeps a transaction inside its term: from the effective date, before the expiration date', () => {
    expect(isWithinTerm(year2026, '2026-01-01')).toBe(true)
    expect(isWithinTerm(year2026, '2026-12-31')).toBe(true)
    expect(isWithinTerm(year2026, '2027-01-01')).toBe(false)
    expect(isWithinTerm(year2026, '2025-12-31')).toBe(false)
  })
})

describe('policy status, from the term, the ledger and the day', () => {
  const facts = { ...year2026, cancellationDate: null, outcome: null }
  it('is active inside the term and expired from the expiration date on', () => {
    expect(policyStatusOn(facts, '2026-06-01')).toBe('active')
    expect(policyStatusOn(facts, '2027-01-01')).toBe('expired')
  })

  it('is pending cancellation until a future-dated cancellation, then cancelled', () => {
    const cancelled = { ...facts, cancellationDate: '2026-08-01' }
    expect(policyStatusOn(cancelled, '2026-07-31')).toBe('pending_cancellation')
    expect(policyStatusOn(cancelled, '2026-08-01')).toBe('cancelled')
    expect(policyStatusOn(cancelled, '2027-02-01')).toBe('cancelled')
  })

  it('ends as its renewal decided once the term is over', () => {
    expect(policyStatusOn({ ...facts, outcome: 'renewed' }, '2027-01-01')).toBe('renewed')
    expect(policyStatusOn({ ...facts, outcome: 'non_renewed' }, '2026-12-31')).toBe('active')
  })

  it('can be reinstated within the window from the cancellation date', () => {
    expect(canReinstate('2026-08-01', '2026-08-31', 30)).toBe(true)
    expect(canReinstate('2026-08-01', '2026-09-01', 30)).toBe(false)
  })
})
