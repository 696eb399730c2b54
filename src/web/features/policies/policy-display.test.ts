import { describe, expect, it } from 'vitest'
import { formatMoney, formatPremiumChange, today } from './policy-display.ts'

describe('policy figures', () => {
  it('shows dollars with cents and a premium change with its sign', () => {
    expect(formatMoney(1234.56)).toBe('$1,234.56')
    expect(formatMoney(0)).toBe('$0.00')
    expect(formatPremiumChange(120)).toBe('+$120.00')
    expect(formatPremiumChange(-45.5)).toBe('−$45.50')
    expect(formatPremiumChange(0)).toBe('$0.00')
  })

  it('writes today as the browser’s calendar has it', () => {
    expect(today(new Date(2026, 1, 3, 23, 59))).toBe('2026-02-03')
  })
})
