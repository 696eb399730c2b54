import { describe, expect, it } from 'vitest'
import {
  dayNumberOf,
  isWithinTolerance,
  readLineRate,
  readTransactionType,
  statementPolicyKey,
} from './read-statement-values.ts'

describe('statementPolicyKey', () => {
  it('reads AB-000123, ab 123 and AB123 as one number', () => {
    expect(statementPolicyKey('AB-000123')).toBe('AB123')
    expect(statementPolicyKey('ab 123')).toBe('AB123')
    expect(statementPolicyKey('AB123')).toBe('AB123')
    expect(statementPolicyKey(' ab_00.0123 ')).toBe('AB123')
  })

  it('drops leading zeros with or without a prefix, and keeps a lone zero', () => {
    expect(statementPolicyKey('000123')).toBe('123')
    expect(statementPolicyKey('0001234567')).toBe('1234567')
    expect(statementPolicyKey('HO 05-1234')).toBe('HO51234')
    expect(statementPolicyKey('000')).toBe('0')
  })

  it('drops spaces, dashes (Excel’s too), dots, slashes and underscores, but keeps inner zeros', () => {
    expect(statementPolicyKey('HO 55-1234')).toBe('HO551234')
    expect(statementPolicyKey('ho.55/1234')).toBe('HO551234')
    expect(statementPolicyKey('HO 55–1234')).toBe('HO551234')
    expect(statementPolicyKey('AB-100200')).toBe('AB100200')
    expect(statementPolicyKey('AB-100200')).not.toBe(statementPolicyKey('AB-1002'))
  })
})

describe('readTransactionType', () => {
  it.each([
    ['NB', 'new_business'],
    ['New', 'new_business'],
    ['New Business', 'new_business'],
    ['NEW', 'new_business'],
    ['RN', 'renewal'],
    ['RWL', 'renewal'],
    ['REN', 'renewal'],
    ['Renewal', 'renewal'],
    ['END', 'endorsement'],
    ['ENDT', 'endorsement'],
    ['Endorsement', 'endorsement'],
    ['PCH', 'endorsement'],
    ['Change', 'endorsement'],
    ['CXL', 'cancellation'],
    ['CAN', 'cancellation'],
    ['Cancel', 'cancellation'],
    ['Cancellation', 'cancellation'],
    ['Flat cancel', 'cancellation'],
    ['REI', 'reinstatement'],
    ['Reinstate', 'reinstatement'],
  ])('reads %s as %s', (raw, kind) => {
    expect(readTransactionType(raw)).toBe(kind)
  })

  it('answers null for an unknown word or no column', () => {
    expect(readTransactionType('Audit')).toBeNull()
    expect(readTransactionType('')).toBeNull()
    expect(readTransactionType(null)).toBeNull()
  })
})

describe('readLineRate', () => {
  it('takes the carrier’s rate as written', () => {
    expect(readLineRate({ rateBp: 1500, premiumCents: 100_000, commissionCents: 12_000 })).toEqual({
      bp: 1500,
      slackBp: 0,
    })
  })

  it('reads commission over premium to 0.01%, with the slack a cent of rounding gives it', () => {
    // $123.46 on $1,000.00 is 12.346% → 12.35%; a cent either way and a half cent is 0.15 bp.
    expect(readLineRate({ rateBp: null, premiumCents: 100_000, commissionCents: 12_346 })).toEqual({
      bp: 1235,
      slackBp: 0.15,
    })
    expect(readLineRate({ rateBp: null, premiumCents: -100_000, commissionCents: -12_000 })?.bp).toBe(1200)
    expect(readLineRate({ rateBp: null, premiumCents: null, commissionCents: 12_000 })).toBeNull()
  })
})

describe('isWithinTolerance', () => {
  const tolerance = { cents: 100, percent: 1 }

  it('allows the larger of $1 and 1% of the expected', () => {
    expect(isWithinTolerance(50_500, 50_000, tolerance)).toBe(true)
    expect(isWithinTolerance(50_501, 50_000, tolerance)).toBe(false)
    expect(isWithinTolerance(5_100, 5_000, tolerance)).toBe(true)
    expect(isWithinTolerance(5_101, 5_000, tolerance)).toBe(false)
    expect(isWithinTolerance(-50_499, -50_000, tolerance)).toBe(true)
  })
})

describe('dayNumberOf', () => {
  it('counts days since 1970 as Date does, leap years and centuries included', () => {
    for (let day = Date.UTC(1899, 11, 1); day <= Date.UTC(2101, 2, 1); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10)
      if (dayNumberOf(date) !== day / 86_400_000) expect(dayNumberOf(date), date).toBe(day / 86_400_000)
    }
    expect(dayNumberOf('2024-02-29') - dayNumberOf('2023-02-28')).toBe(366)
    expect(dayNumberOf('1970-01-01')).toBe(0)
  })
})
