import { describe, expect, it } from 'vitest'
import { VIN_PROBLEMS } from '#shared/domain/vin.ts'
import { flatten, suggestValues } from './suggest-values.ts'

const NOW = new Date('2025-06-01T00:00:00Z')
const fields = (result: ReturnType<typeof suggestValues>) =>
  Object.fromEntries(result.suggestions.map((s) => [s.fieldName, s.suggestedValue]))

describe('suggestions for the client form', () => {
  it('fills city and state from the ZIP code and the mailing ZIP code', () => {
    const result = suggestValues('client', { zipCode: '90210', mailingZipCode: '02134-1234' }, NOW)
    expect(fields(result)).toEqual({
      city: 'Beverly Hills',
      state: 'CA',
      mailingCity: 'Allston',
      mailingState: 'MA',
    })
    expect(result.suggestions.find((s) => s.fieldName === 'city')).toMatchObject({
      confidence: 0.95,
      basedOn: 'ZIP code 90210',
    })
  })

  it('suggests nothing a field already holds, whatever its capitals', () => {
    const result = suggestValues('client', { zipCode: '90210', city: 'beverly hills', state: 'CA' }, NOW)
    expect(result.suggestions).toEqual([])
  })

  it('notes a ZIP code that is not in the list, and ignores what is not a ZIP code at all', () => {
    expect(suggestValues('client', { zipCode: '00000' }, NOW).notes).toEqual([
      'ZIP code 00000 is not in the US ZIP code list.',
    ])
    expect(suggestValues('client', { zipCode: 'K1A 0B1' }, NOW)).toEqual({ suggestions: [], notes: [] })
  })

  it('suggests the preferred coverage from income and home', () => {
    expect(fields(suggestValues('client', { annualIncome: '160000' }, NOW))).toEqual({
      preferredCoverage: 'premium',
    })
    expect(fields(suggestValues('client', { homeOwner: true }, NOW))).toEqual({
      preferredCoverage: 'comprehensive',
    })
  })
})

describe('suggestions for an auto application', () => {
  const application = (autoData: Record<string, unknown>, clientData: Record<string, unknown> = {}) => ({
    insuranceType: 'auto',
    clientData: { zipCode: '78701', ...clientData },
    applicationData: { autoData },
  })

  it('reads model year and maker from a valid VIN, and coverage from the rules', () => {
    const result = suggestValues(
      'application',
      application({ vehicleVin: '1HGCM82633A004352' }, { budgetRange: 'under_100', annualIncome: 60000 }),
      NOW,
    )
    expect(fields(result)).toEqual({
      'clientData.city': 'Austin',
      'clientData.state': 'TX',
      'applicationData.autoData.vehicleYear': '2003',
      'applicationData.autoData.vehicleMake': 'Honda',
      // 2003 is 22 years old in 2025: liability only, so no deductible.
      'applicationData.autoData.coverageType': 'Liability only',
      'applicationData.autoData.liabilityLimit': '100/300/100',
      'clientData.preferredCoverage': 'standard',
    })
    const make = result.suggestions.find((s) => s.fieldName.endsWith('vehicleMake'))
    expect(make?.basedOn).toBe('VIN 1HGCM82633A004352: check digit valid, manufacturer code 1HG')
    // Best first: what is certain leads.
    expect(result.suggestions.map((s) => s.confidence)).toEqual(
      [...result.suggestions.map((s) => s.confidence)].sort((a, b) => b - a),
    )
  })

  it('suggests a deductible by budget for a newer car', () => {
    const result = suggestValues(
      'application',
      application({ vehicleYear: '2022', coverageType: 'Full coverage' }, { budgetRange: 'under_100' }),
      NOW,
    )
    expect(fields(result)['applicationData.autoData.deductible']).toBe('1000')
    expect(fields(result)['applicationData.autoData.coverageType']).toBeUndefined()
  })

  it('notes a VIN whose check digit fails and suggests nothing from it', () => {
    const result = suggestValues('application', application({ vehicleVin: '1HGCM82634A004352' }), NOW)
    expect(result.notes).toEqual([VIN_PROBLEMS.checkDigit])
    expect(Object.keys(fields(result)).some((name) => /vehicle(Year|Make)/.test(name))).toBe(false)
  })

  it('suggests no auto coverage for another insurance type', () => {
    const result = suggestValues(
      'application',
      { insuranceType: 'life', clientData: { annualIncome: 40000 } },
      NOW,
    )
    expect(fields(result)).toEqual({ 'clientData.preferredCoverage': 'standard' })
  })
})

describe('flatten', () => {
  it('names nested values with dots, keeping arrays whole', () => {
    expect([...flatten({ a: { b: { c: 1 } }, d: [1, 2], e: null })]).toEqual([
      ['a.b.c', 1],
      ['d', [1, 2]],
      ['e', null],
    ])
  })
})
