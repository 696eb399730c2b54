import { describe, expect, it } from 'vitest'
import { carrierNameKey } from './carrier-names.ts'

describe('carrierNameKey', () => {
  it('reads the usual ways of writing one carrier as one', () => {
    const key = carrierNameKey('Amberfield Mutual')
    for (const variant of [
      'Amberfield Mutual Insurance',
      'Amberfield Mutual Insurance Co.',
      'AMBERFIELD MUTUAL INS.',
      'amberfield mutual company',
      ' Amberfield-Mutual, Co ',
      'The Amberfield Mutual Insurance Company',
    ]) {
      expect(carrierNameKey(variant), variant).toBe(key)
    }
  })

  it('keeps carriers apart that differ by more than the corporate words', () => {
    expect(carrierNameKey('Amberfield Casualty')).not.toBe(carrierNameKey('Amberfield Mutual'))
    expect(carrierNameKey('Copperleaf Life & Health')).toBe(carrierNameKey('Copperleaf Life and Health'))
  })

  it('keeps a name made of corporate words only', () => {
    expect(carrierNameKey('Insurance Co.')).toBe('insuranceco')
  })
})
