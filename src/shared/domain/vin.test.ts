import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hasValidCheckDigit, readVin, VIN_PROBLEMS, vinCheckDigit, vinModelYear } from './vin.ts'

const NOW = new Date('2025-06-01T00:00:00Z')
const VIN_CHARS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'.split('')

describe('the VIN check digit', () => {
  it('accepts the published examples, including a check digit of X', () => {
    // 49 CFR 565 worked examples as printed in references on VINs.
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3')
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X')
    expect(hasValidCheckDigit('1HGCM82633A004352')).toBe(true)
    expect(hasValidCheckDigit('1M8GDM9AXKP042788')).toBe(true)
  })

  it('catches every single changed character that changes its value', () => {
    // The standard transliteration, written out here apart from the rule under test.
    const value = (char: string) =>
      /\d/.test(char) ? Number(char) : 'A1B2C3D4E5F6G7H8J1K2L3M4N5P7R9S2T3U4V5W6X7Y8Z9'.split(char)[1]![0]
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 16 }), fc.constantFrom(...VIN_CHARS), (position, char) => {
        const vin = '1HGCM82633A004352'
        fc.pre(position !== 8 && String(value(vin[position]!)) !== String(value(char)))
        const changed = `${vin.slice(0, position)}${char}${vin.slice(position + 1)}`
        // Weights are 1-10 and values differ by 1-9: never a multiple of 11, so the sum moves.
        expect(hasValidCheckDigit(changed)).toBe(false)
      }),
    )
  })
})

describe('reading a VIN', () => {
  it('finds the model year and the maker of a Honda', () => {
    expect(readVin('1hgcm8263 3a004352', NOW)).toEqual({
      vin: '1HGCM82633A004352',
      valid: true,
      problem: null,
      modelYear: 2003,
      maker: 'Honda',
      makerMatch: 3,
    })
  })

  it('tells the 1980s cycle from the 2010s by the 7th character', () => {
    expect(vinModelYear('1M8GDM9AXKP042788', NOW)).toBe(1989)
    // Position 7 a letter: the same code K is 2019.
    expect(vinModelYear('5YJ3E1EA0KF000001', NOW)).toBe(2019)
    expect(readVin('5YJ3E1EA6LF000001', NOW)).toMatchObject({ valid: true, modelYear: 2020, maker: 'Tesla' })
    expect(readVin('WBA3A5C50DF123456', NOW)).toMatchObject({ modelYear: 2013, maker: 'BMW' })
  })

  it('never answers a model year more than one year ahead', () => {
    // Y is 2000 or 2030: with a letter in position 7 the rule says 2030, which is in the future.
    expect(vinModelYear('5YJ3E1EA0YF000001', NOW)).toBe(2000)
  })

  it('knows no maker for a WMI outside its table and no shared prefix', () => {
    expect(readVin('1M8GDM9AXKP042788', NOW)).toMatchObject({ valid: true, maker: null, makerMatch: null })
  })

  it('says what is wrong with a VIN it refuses', () => {
    expect(readVin('1HGCM8263', NOW).problem).toBe(VIN_PROBLEMS.length)
    expect(readVin('1HGCM82633A00435O', NOW).problem).toBe(VIN_PROBLEMS.characters)
    expect(readVin('1HGCM82634A004352', NOW)).toMatchObject({
      valid: false,
      problem: VIN_PROBLEMS.checkDigit,
      maker: null,
      modelYear: null,
    })
  })
})
