import { describe, expect, it } from 'vitest'
import { estimateYearlyQuote } from '#shared/domain/recommendations.ts'
import { type EstimatedClient, estimateBasisOf, estimateYearlyPremium } from './quote-estimate.service.ts'

const client = (overrides: Partial<EstimatedClient> = {}): EstimatedClient => ({
  dateOfBirth: '1988-06-15',
  state: ' tx ',
  zipCode: '78701',
  creditScore: 720,
  smoker: false,
  budgetRange: null,
  ...overrides,
})

const carrier = {
  id: 'c1',
  name: 'Lone Star Mutual',
  supportedTypes: ['auto', 'life'],
  states: ['TX'],
  isActive: true,
  avgPremiumCost: 120,
  submissionMethod: 'email',
}

describe('the recommendation estimate of an application', () => {
  it('starts from the client’s age on the day, state and ZIP code, as bulk submission does', () => {
    const basis = estimateBasisOf('auto', {}, client(), '2026-06-14')
    expect(basis?.profile).toMatchObject({
      age: 37,
      state: 'TX',
      zipCode: '78701',
      creditScore: 720,
      insuranceHistory: { yearsInsured: 0, claimsHistory: 0 },
      riskFactors: { smokingStatus: 'non_smoker' },
    })
    expect(basis?.needs).toEqual({ insuranceType: 'auto', coverageAmount: 500_000, urgency: 'medium' })
    expect(estimateBasisOf('auto', {}, client(), '2026-06-15')?.profile.age).toBe(38)
  })

  it('takes the coverage asked for, the budget, smoking and a plausible credit score only', () => {
    const basis = estimateBasisOf(
      'life',
      { lifeData: { coverageAmount: 250_000 }, budgetRange: '100_200' },
      client({ smoker: true, creditScore: 12 }),
      '2026-06-14',
    )!
    expect(basis.needs.coverageAmount).toBe(250_000)
    expect(basis.profile).toMatchObject({
      budgetRange: '100_200',
      creditScore: null,
      riskFactors: { smokingStatus: 'smoker' },
    })
    expect(estimateYearlyPremium(carrier, basis)).toBe(
      estimateYearlyQuote(carrier, basis.profile, basis.needs),
    )
  })

  it('has no estimate without a date of birth or a US state, as the recommendation had none', () => {
    expect(estimateBasisOf('auto', {}, client({ dateOfBirth: null }), '2026-06-14')).toBeNull()
    expect(estimateBasisOf('auto', {}, client({ state: 'Ontario' }), '2026-06-14')).toBeNull()
  })
})
