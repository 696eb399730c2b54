import { describe, expect, it } from 'vitest'
import { monthCount, monthLabel, monthsBetween, percentOf, shiftMonth } from './renewal-retention.ts'

describe('retention months and rates', () => {
  it('walks a range of months across a year end, both ends included', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02'])
    expect(monthsBetween('2026-02', '2026-01')).toEqual([])
    expect(monthCount('2025-11', '2026-02')).toBe(4)
    expect(monthCount('2026-02', '2026-01')).toBe(0)
  })

  it('shifts months either way and names them', () => {
    expect(shiftMonth('2026-01', -11)).toBe('2025-02')
    expect(shiftMonth('2025-12', 1)).toBe('2026-01')
    expect(monthLabel('2026-09')).toBe('Sep 2026')
  })

  it('rounds a rate half up to one decimal, and has none over nothing', () => {
    expect(percentOf(4, 7)).toBe(57.1)
    expect(percentOf(1, 8)).toBe(12.5)
    expect(percentOf(4500, 9400)).toBe(47.9)
    expect(percentOf(0, 0)).toBeNull()
  })
})
