import { describe, expect, it } from 'vitest'
import { utcDaysBefore, utcMonthStart } from './calendar.ts'

describe('utcMonthStart', () => {
  it('counts UTC months, across a year and from a month end', () => {
    const now = new Date('2026-01-31T23:30:00.000Z')
    expect(utcMonthStart(now).toISOString()).toBe('2026-01-01T00:00:00.000Z')
    expect(utcMonthStart(now, -1).toISOString()).toBe('2025-12-01T00:00:00.000Z')
    expect(utcMonthStart(now, 1).toISOString()).toBe('2026-02-01T00:00:00.000Z')
    expect(utcMonthStart(now, -11).toISOString()).toBe('2025-02-01T00:00:00.000Z')
  })

  it('answers plain Dates', () => {
    expect(utcMonthStart(new Date()).constructor).toBe(Date)
    expect(utcDaysBefore(new Date(), 1).constructor).toBe(Date)
  })
})

describe('utcDaysBefore', () => {
  it('steps whole days of 24 hours', () => {
    const now = new Date('2026-03-29T12:00:00.000Z')
    expect(utcDaysBefore(now, 7).toISOString()).toBe('2026-03-22T12:00:00.000Z')
    expect(utcDaysBefore(now, 30).toISOString()).toBe('2026-02-27T12:00:00.000Z')
  })
})
