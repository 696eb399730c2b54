import { describe, expect, it } from 'vitest'
import { passesAbaChecksum } from './aba-routing.ts'

describe('passesAbaChecksum', () => {
  it('accepts real routing numbers', () => {
    for (const number of ['021000021', '011000015', '121000358', '026009593', '111000025'])
      expect(passesAbaChecksum(number), number).toBe(true)
  })

  it('catches every single mistyped digit of a valid number', () => {
    const valid = '021000021'
    for (let index = 0; index < 9; index++) {
      for (let digit = 0; digit <= 9; digit++) {
        if (String(digit) === valid[index]) continue
        const typo = valid.slice(0, index) + digit + valid.slice(index + 1)
        expect(passesAbaChecksum(typo), typo).toBe(false)
      }
    }
  })

  it('refuses anything but nine digits', () => {
    for (const value of ['', '02100002', '0210000210', '02100002a', '021 000 021'])
      expect(passesAbaChecksum(value)).toBe(false)
  })
})
