import { describe, expect, it } from 'vitest'
import {
  allocateCents,
  commissionCents,
  isWholeBasisPoints,
  percentToBp,
  rateKindOf,
} from './commission-math.ts'

describe('commissionCents', () => {
  it('rounds half-up to the cent, once', () => {
    // $1,234.56 at 12.5% is $154.32 exactly; $987.65 at 15% is $148.1475 → $148.15.
    expect(commissionCents(123_456, 1250)).toBe(15_432)
    expect(commissionCents(98_765, 1500)).toBe(14_815)
    // $0.05 at 10% is half a cent: up to one cent. $0.04 at 10% is 0.4 cent: none.
    expect(commissionCents(5, 1000)).toBe(1)
    expect(commissionCents(4, 1000)).toBe(0)
  })

  it('charges back a returned premium symmetrically, so a full return undoes the commission', () => {
    expect(commissionCents(-98_765, 1500)).toBe(-14_815)
    expect(commissionCents(-5, 1000)).toBe(-1)
    expect(commissionCents(-4, 1000)).toBe(0)
    for (const premium of [1, 99, 12_345, 777_777]) {
      expect(commissionCents(-premium, 1234)).toBe(-commissionCents(premium, 1234) || 0)
    }
  })

  it('is exact for a large premium at a fractional rate', () => {
    // $9,999,999.99 at 12.34% = $1,233,999.998766 → $1,234,000.00
    expect(commissionCents(999_999_999, 1234)).toBe(123_400_000)
    expect(commissionCents(0, 1500)).toBe(0)
    expect(commissionCents(100_000, 0)).toBe(0)
  })
})

describe('allocateCents', () => {
  it('splits evenly when it divides', () => {
    expect(allocateCents(10_000, [6000, 4000])).toEqual([6000, 4000])
  })

  it('hands the leftover cent to the largest remainder', () => {
    // 100 cents in thirds (33.33/33.33/33.34%): 33.33, 33.33, 33.34 → 33, 33, 33 and one left
    // over for the largest fraction, the third.
    expect(allocateCents(100, [3333, 3333, 3334])).toEqual([33, 33, 34])
    // 101 cents at 70/30: 70.7 and 30.3 → 70 and 30, the leftover to 0.7.
    expect(allocateCents(101, [7000, 3000])).toEqual([71, 30])
  })

  it('breaks a tie by producer order', () => {
    expect(allocateCents(1, [5000, 5000])).toEqual([1, 0])
    expect(allocateCents(3, [5000, 5000])).toEqual([2, 1])
    expect(allocateCents(5, [2500, 2500, 2500, 2500])).toEqual([2, 1, 1, 1])
  })

  it('splits a chargeback as its commission, negated', () => {
    expect(allocateCents(-101, [7000, 3000])).toEqual([-71, -30])
    expect(allocateCents(-1, [5000, 5000])).toEqual([-1, 0])
  })

  it('always adds up to the amount', () => {
    const shares = [[10_000], [3333, 3333, 3334], [1, 9999], [1250, 2500, 6250], [4000, 3000, 2000, 1000]]
    for (let amount = -2500; amount <= 2500; amount += 7) {
      for (const split of shares) {
        const parts = allocateCents(amount, split)
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount)
        // No producer is more than a cent from their exact share.
        for (const [i, part] of parts.entries()) {
          expect(Math.abs(part - (amount * split[i]!) / 10_000)).toBeLessThan(1)
        }
      }
    }
  })

  it('refuses shares that do not add up to 100%', () => {
    expect(() => allocateCents(100, [5000, 4000])).toThrow(RangeError)
  })
})

describe('rates', () => {
  it('reads a wire percent with two decimals as basis points', () => {
    expect(percentToBp(12.5)).toBe(1250)
    expect(percentToBp(0.07)).toBe(7)
    expect(percentToBp(14.29)).toBe(1429)
    expect(isWholeBasisPoints(14.29)).toBe(true)
    expect(isWholeBasisPoints(14.295)).toBe(false)
  })

  it('earns the new-business rate in the first term and the renewal rate after', () => {
    expect(rateKindOf(1)).toBe('new_business')
    expect(rateKindOf(2)).toBe('renewal')
    expect(rateKindOf(7)).toBe('renewal')
  })
})
