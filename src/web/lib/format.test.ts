import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatCents,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatDollars,
  formatPrice,
} from './format.ts'

const intlCount = new Intl.NumberFormat('en-US')
const intlDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
})
const intlCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const intlDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
const intlDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

const amounts = fc.oneof(
  fc.double({ noNaN: true }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.integer({ min: -1e7, max: 1e7 }).map((cents) => cents / 100),
  fc.integer({ min: -1e7, max: 1e7 }).map((tenths) => tenths / 1000 + 0.005),
)
const EDGE_AMOUNTS = [
  0,
  -0,
  0.5,
  1.5,
  2.5,
  -2.5,
  1.005,
  0.285,
  29.99,
  1234.5,
  999_999.995,
  1e15,
  -1e21,
  Infinity,
]

describe('formatCount', () => {
  it('groups whole numbers exactly as Intl does for en-US', () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(formatCount(value)).toBe(intlCount.format(value))
      }),
    )
    for (const value of [0, 7, 999, 1000, 12_345, 1_000_000, -4321])
      expect(formatCount(value)).toBe(intlCount.format(value))
  })
})

describe('dollars', () => {
  it('formatDollars answers what Intl answers, rounding and sign included', () => {
    fc.assert(
      fc.property(amounts, (amount) => {
        expect(formatDollars(amount)).toBe(intlDollars.format(amount))
      }),
    )
    for (const amount of [...EDGE_AMOUNTS, Number.NaN])
      expect(formatDollars(amount)).toBe(intlDollars.format(amount))
  })

  it('formatPrice keeps cents as Intl does and whole prices short', () => {
    const intlPrice = (value: number) =>
      Number.isInteger(value) ? intlDollars.format(value) : intlCents.format(value)
    fc.assert(
      fc.property(amounts, (amount) => {
        expect(formatPrice(amount)).toBe(intlPrice(amount))
      }),
    )
    for (const amount of EDGE_AMOUNTS) expect(formatPrice(amount)).toBe(intlPrice(amount))
    expect(formatPrice('29.99')).toBe('$29.99')
    expect(formatPrice('0')).toBe('$0')
  })

  it('formatCents always shows cents, as Intl does', () => {
    fc.assert(
      fc.property(amounts, (amount) => {
        expect(formatCents(amount)).toBe(intlCents.format(amount))
      }),
    )
    for (const amount of EDGE_AMOUNTS) expect(formatCents(amount)).toBe(intlCents.format(amount))
    expect(formatCents(299.99 / 12)).toBe('$25.00')
  })
})

describe('dates', () => {
  const dates = fc.date({
    min: new Date(-70_000_000_000_000),
    max: new Date(300_000_000_000_000),
    noInvalidDate: true,
  })

  it('formatDate and formatDateTime answer what Intl answers, in the local time zone', () => {
    fc.assert(
      fc.property(dates, (date) => {
        expect(formatDate(date)).toBe(intlDate.format(date))
        expect(formatDateTime(date)).toBe(intlDateTime.format(date))
        expect(formatDate(date.toISOString())).toBe(intlDate.format(date))
      }),
    )
    const noon = new Date(2025, 0, 5, 12, 0)
    expect(formatDate(noon)).toBe('Jan 5, 2025')
    expect(formatDateTime(noon)).toBe(intlDateTime.format(noon))
    expect(formatDateTime(new Date(2025, 0, 5, 0, 7))).toBe(intlDateTime.format(new Date(2025, 0, 5, 0, 7)))
  })

  it('an invalid date still throws as Intl does', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError)
  })

  it('formatDay shows a calendar date as that day whatever the time zone', () => {
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026')
    expect(formatDay('2024-02-29')).toBe('Feb 29, 2024')
  })
})
