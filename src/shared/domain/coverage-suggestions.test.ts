import { describe, expect, it } from 'vitest'
import {
  type CoverageFacts,
  suggestCoverageType,
  suggestDeductible,
  suggestLiabilityLimit,
  suggestPreferredCoverage,
} from './coverage-suggestions.ts'

const NOW = new Date('2025-06-01T00:00:00Z')
const NONE: CoverageFacts = {
  vehicleYear: null,
  budgetRange: null,
  preferredCoverage: null,
  homeOwner: null,
  annualIncome: null,
  accidentsLast5Years: null,
  dui: null,
}
const facts = (over: Partial<CoverageFacts>): CoverageFacts => ({ ...NONE, ...over })

describe('coverage type by vehicle age', () => {
  it.each([
    [2025, 'Full coverage'],
    [2018, 'Full coverage'],
    [2017, 'Comprehensive'],
    [2013, 'Comprehensive'],
    [2012, 'Liability only'],
    [1998, 'Liability only'],
  ])('a %i vehicle gets %s', (vehicleYear, value) => {
    const suggestion = suggestCoverageType(facts({ vehicleYear }), NOW)
    expect(suggestion?.value).toBe(value)
    expect(suggestion?.basedOn).toContain(String(vehicleYear))
  })

  it('suggests nothing without a model year', () => {
    expect(suggestCoverageType(NONE, NOW)).toBeNull()
  })
})

describe('liability limits by what there is to protect', () => {
  it.each([
    [{ homeOwner: true }, '250/500/250'],
    [{ annualIncome: 100_000 }, '250/500/250'],
    [{ annualIncome: 99_999 }, '100/300/100'],
    [{ annualIncome: 50_000 }, '100/300/100'],
    [{ annualIncome: 49_999 }, '50/100/50'],
    [{ annualIncome: 30_000, dui: true }, '100/300/100'],
    [{ annualIncome: 30_000, accidentsLast5Years: 2 }, '100/300/100'],
    [{}, '100/300/100'],
  ] as const)('%o gets %s', (over, value) => {
    expect(suggestLiabilityLimit(facts(over)).value).toBe(value)
  })

  it('names the reason', () => {
    expect(suggestLiabilityLimit(facts({ annualIncome: 120_000 })).basedOn).toContain('$120,000')
  })
})

describe('deductible by budget', () => {
  it.each([
    ['under_100', '1000'],
    ['100_200', '500'],
    ['200_500', '250'],
    ['over_500', '250'],
  ])('a budget of %s gets $%s', (budgetRange, value) => {
    expect(suggestDeductible(facts({ budgetRange }), 'Full coverage')?.value).toBe(value)
  })

  it('gives premium coverage a low deductible and liability only none at all', () => {
    expect(
      suggestDeductible(facts({ preferredCoverage: 'premium', budgetRange: 'under_100' }), null)?.value,
    ).toBe('250')
    expect(suggestDeductible(facts({ budgetRange: 'under_100' }), 'Liability only')).toBeNull()
    expect(suggestDeductible(NONE, null)?.value).toBe('500')
  })
})

describe('preferred coverage by income and home', () => {
  it.each([
    [{ annualIncome: 150_000 }, 'premium'],
    [{ homeOwner: true, annualIncome: 20_000 }, 'comprehensive'],
    [{ annualIncome: 75_000 }, 'comprehensive'],
    [{ annualIncome: 35_000 }, 'standard'],
    [{ annualIncome: 34_999 }, 'basic'],
  ] as const)('%o gets %s', (over, value) => {
    expect(suggestPreferredCoverage(facts(over))?.value).toBe(value)
  })

  it('suggests nothing without income or home', () => {
    expect(suggestPreferredCoverage(facts({ homeOwner: false }))).toBeNull()
  })
})
