import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCount } from './format.ts'

describe('formatCount', () => {
  it('groups whole numbers exactly as Intl does for en-US', () => {
    const intl = new Intl.NumberFormat('en-US')
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(formatCount(value)).toBe(intl.format(value))
      }),
    )
    for (const value of [0, 7, 999, 1000, 12_345, 1_000_000, -4321])
      expect(formatCount(value)).toBe(intl.format(value))
  })
})
