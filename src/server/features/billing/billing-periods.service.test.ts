import { describe, expect, it } from 'vitest'
import { addMonths, proratedUpgradeCents, quotaPeriod } from './billing-periods.service.ts'

const at = (iso: string) => new Date(iso)

describe('addMonths', () => {
  it('keeps the day of the month, or the last day of a shorter month', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(addMonths(at('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z')
    expect(addMonths(at('2026-01-31T10:00:00Z'), 2).toISOString()).toBe('2026-03-31T10:00:00.000Z')
    expect(addMonths(at('2026-11-15T00:00:00Z'), 2).toISOString()).toBe('2027-01-15T00:00:00.000Z')
    expect(addMonths(at('2026-03-31T00:00:00Z'), -1).toISOString()).toBe('2026-02-28T00:00:00.000Z')
    expect(addMonths(at('2028-02-29T00:00:00Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z')
  })
})

describe('quotaPeriod', () => {
  it('counts calendar months in UTC without a billing date', () => {
    expect(quotaPeriod(null, at('2026-11-25T17:00:00Z'))).toEqual({
      start: at('2026-11-01T00:00:00Z'),
      end: at('2026-12-01T00:00:00Z'),
      key: '2026-11-01',
    })
  })

  it('counts months from the billing date of a paid plan, a yearly one cut into months', () => {
    const anchor = at('2026-01-31T09:30:00Z')
    expect(quotaPeriod(anchor, at('2026-01-31T09:30:00Z')).key).toBe('2026-01-31')
    expect(quotaPeriod(anchor, at('2026-02-27T23:59:59Z')).key).toBe('2026-01-31')
    expect(quotaPeriod(anchor, at('2026-02-28T09:30:00Z')).key).toBe('2026-02-28')
    const late = quotaPeriod(anchor, at('2026-11-30T08:00:00Z'))
    expect(late.start.toISOString()).toBe('2026-10-31T09:30:00.000Z')
    expect(late.end.toISOString()).toBe('2026-11-30T09:30:00.000Z')
    expect(quotaPeriod(anchor, at('2026-11-30T09:30:00Z')).key).toBe('2026-11-30')
  })

  it('moves to a new count when a new period starts', () => {
    const now = at('2026-11-25T12:00:00Z')
    expect(quotaPeriod(at('2026-11-10T08:00:00Z'), now).key).not.toBe(
      quotaPeriod(at('2026-11-20T08:00:00Z'), now).key,
    )
  })
})

describe('proratedUpgradeCents', () => {
  const periodStart = at('2026-11-01T00:00:00Z')
  const periodEnd = at('2026-12-01T00:00:00Z')

  it('charges the price difference for the share of the period left', () => {
    const now = at('2026-11-16T00:00:00Z') // 15 of 30 days left
    expect(
      proratedUpgradeCents({
        oldPriceCents: 2999,
        newPriceCents: 4999,
        periodStart,
        periodEnd,
        samePeriodLength: true,
        now,
      }),
    ).toBe(1000)
  })

  it('charges the whole new price less the unused credit when the period length changes', () => {
    const now = at('2026-11-16T00:00:00Z')
    expect(
      proratedUpgradeCents({
        oldPriceCents: 2999,
        newPriceCents: 29999,
        periodStart,
        periodEnd,
        samePeriodLength: false,
        now,
      }),
    ).toBe(28500) // 29,999 less half of 2,999, rounded
  })

  it('never charges less than nothing', () => {
    expect(
      proratedUpgradeCents({
        oldPriceCents: 42499,
        newPriceCents: 4999,
        periodStart,
        periodEnd,
        samePeriodLength: false,
        now: at('2026-11-02T00:00:00Z'),
      }),
    ).toBe(0)
  })
})
