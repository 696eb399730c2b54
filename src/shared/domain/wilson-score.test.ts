import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wilsonLowerBound } from './wilson-score.ts'

describe('wilsonLowerBound', () => {
  it('scores no votes 0 and a unanimous single vote well below 1', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0)
    expect(wilsonLowerBound(1, 1)).toBeCloseTo(0.2065, 4)
  })

  it('matches the published values of the interval', () => {
    // 95 %: 8 of 10 → 0.4902; 80 of 100 → 0.7112; 0 of 5 → 0.
    expect(wilsonLowerBound(8, 10)).toBeCloseTo(0.4902, 4)
    expect(wilsonLowerBound(80, 100)).toBeCloseTo(0.7112, 4)
    expect(wilsonLowerBound(0, 5)).toBe(0)
  })

  it('ranks many mostly-up votes above a few unanimous ones, unlike the plain share', () => {
    expect(wilsonLowerBound(40, 42)).toBeGreaterThan(wilsonLowerBound(3, 3))
  })

  it('ranks a clear majority above a bigger but split vote, unlike up minus down', () => {
    // up − down: 60/40 gives 20, 50/5 gives 45 — but 60/100 also beats 15/15 on that count.
    expect(wilsonLowerBound(50, 55)).toBeGreaterThan(wilsonLowerBound(60, 100))
    expect(wilsonLowerBound(15, 15)).toBeGreaterThan(wilsonLowerBound(60, 100))
  })

  it('stays within 0..1, rises with up votes and falls with down votes', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (up, down) => {
        const score = wilsonLowerBound(up, up + down)
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(up / Math.max(1, up + down) + 1e-12)
        expect(wilsonLowerBound(up + 1, up + down + 1)).toBeGreaterThan(score - 1e-12)
        expect(wilsonLowerBound(up, up + down + 1)).toBeLessThanOrEqual(score + 1e-12)
      }),
    )
  })

  it('reads impossible counts as no evidence rather than failing', () => {
    expect(wilsonLowerBound(5, -1)).toBe(0)
    expect(wilsonLowerBound(Number.NaN, 3)).toBe(0)
    expect(wilsonLowerBound(9, 3)).toBeCloseTo(wilsonLowerBound(3, 3), 12)
  })
})
