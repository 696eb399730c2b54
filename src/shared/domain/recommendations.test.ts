import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { INSURANCE_TYPES } from './insurance-types.ts'
import { recommendCarriers } from './recommendation-ranking.ts'
import {
  type ClientProfile,
  type CoverageRequirements,
  estimateYearlyQuote,
  levelOf,
  type RecommendableCarrier,
  SMOKING_STATUSES,
  scoreCarrier,
} from './recommendations.ts'

const carrier: RecommendableCarrier = {
  id: 'c1',
  name: 'Amberfield Mutual',
  supportedTypes: ['auto', 'life'],
  states: ['CA', 'TX'],
  isActive: true,
  avgPremiumCost: 120,
  coverageRating: 4,
  consumerConfidenceScore: 4.2,
  financialStrength: 'A',
  submissionMethod: 'api',
}
const profile: ClientProfile = {
  age: 40,
  creditScore: 720,
  state: 'CA',
  insuranceHistory: { yearsInsured: 3, claimsHistory: 0 },
  riskFactors: { smokingStatus: 'non_smoker' },
  budgetRange: '100_200',
}
const needs: CoverageRequirements = { insuranceType: 'auto', coverageAmount: 500_000, urgency: 'medium' }

describe('the score, one factor at a time', () => {
  const base = scoreCarrier(carrier, profile, needs).matchScore
  const score = (c: Partial<RecommendableCarrier>, p: Partial<ClientProfile> = {}) =>
    scoreCarrier({ ...carrier, ...c }, { ...profile, ...p }, needs).matchScore

  it('rises with the coverage rating, consumer confidence and financial strength', () => {
    expect(score({ coverageRating: 5 })).toBeGreaterThan(base)
    expect(score({ consumerConfidenceScore: 4.9 })).toBeGreaterThan(base)
    expect(score({ financialStrength: 'A++' })).toBeGreaterThan(base)
    expect(score({ financialStrength: 'B' })).toBeLessThan(base)
  })

  it('falls when the estimate goes over the budget, and says by how much', () => {
    const dear = scoreCarrier({ ...carrier, avgPremiumCost: 300 }, profile, needs)
    expect(dear.matchScore).toBeLessThan(base)
    expect(dear.reasons.some((r) => /% over budget$/.test(r))).toBe(true)
  })

  it('falls with claims, a poor credit score, a short history, and youth, naming each', () => {
    const risky = scoreCarrier(
      carrier,
      { ...profile, age: 22, creditScore: 580, insuranceHistory: { yearsInsured: 0, claimsHistory: 2 } },
      needs,
    )
    expect(risky.matchScore).toBeLessThan(base)
    expect(risky.reasons).toEqual(
      expect.arrayContaining([
        'Credit score 580 raises the risk',
        '2 prior claims',
        'Less than a year of insurance history',
        'Age 22 is priced higher',
      ]),
    )
  })

  it('prices smokers higher for life cover only', () => {
    const smoker = { ...profile, riskFactors: { smokingStatus: 'smoker' as const } }
    expect(estimateYearlyQuote(carrier, smoker, { ...needs, insuranceType: 'life' })).toBeGreaterThan(
      estimateYearlyQuote(carrier, profile, { ...needs, insuranceType: 'life' }),
    )
    expect(estimateYearlyQuote(carrier, smoker, needs)).toBe(estimateYearlyQuote(carrier, profile, needs))
  })

  it('bands the levels at 85, 70 and 50', () => {
    expect([levelOf(85), levelOf(84), levelOf(70), levelOf(69), levelOf(50), levelOf(49)]).toEqual([
      'excellent',
      'good',
      'good',
      'fair',
      'fair',
      'poor',
    ])
  })

  it('keeps only active carriers writing the type in the client state, best first', () => {
    const others = [
      { ...carrier, id: 'c2', name: 'B', states: ['NY'] },
      { ...carrier, id: 'c3', name: 'C', isActive: false },
      { ...carrier, id: 'c4', name: 'D', supportedTypes: ['life'] },
      { ...carrier, id: 'c5', name: 'E', coverageRating: 5 },
    ]
    const result = recommendCarriers([carrier, ...others], { ...profile, state: 'ca' }, needs)
    expect(result.map((r) => r.carrier.id)).toEqual(['c5', 'c1'])
    expect(result[0]!.processingTime).toBe('Instant to 1 business day')
  })
})

const profileArb = fc.record({
  age: fc.integer({ min: 18, max: 90 }),
  creditScore: fc.option(fc.integer({ min: 300, max: 850 }), { nil: null }),
  state: fc.constant('CA'),
  insuranceHistory: fc.record({
    yearsInsured: fc.integer({ min: 0, max: 40 }),
    claimsHistory: fc.integer({ min: 0, max: 8 }),
  }),
  riskFactors: fc.record({ smokingStatus: fc.constantFrom(...SMOKING_STATUSES) }),
  budgetRange: fc.constantFrom('under_100', '100_200', '200_500', 'over_500', null),
}) as fc.Arbitrary<ClientProfile>
const needsArb = fc.record({
  insuranceType: fc.constantFrom(...INSURANCE_TYPES),
  coverageAmount: fc.integer({ min: 50_000, max: 3_000_000 }),
  urgency: fc.constantFrom('low', 'medium', 'high'),
}) as fc.Arbitrary<CoverageRequirements>
const carrierArb = fc
  .record({
    avgPremiumCost: fc.option(fc.integer({ min: 20, max: 1200 }), { nil: null }),
    coverageRating: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    consumerConfidenceScore: fc.option(
      fc.integer({ min: 10, max: 50 }).map((n) => n / 10),
      { nil: null },
    ),
    financialStrength: fc.constantFrom('A++', 'A+', 'A', 'A-', 'B++', 'B+', 'B', null),
  })
  .map((c) => ({ ...carrier, ...c, supportedTypes: [...INSURANCE_TYPES] }))

describe('properties', () => {
  it('a better credit score never lowers the score', () => {
    fc.assert(
      fc.property(
        carrierArb,
        profileArb,
        needsArb,
        fc.integer({ min: 300, max: 850 }),
        fc.integer({ min: 0, max: 300 }),
        (c, p, n, credit, better) => {
          const worse = scoreCarrier(c, { ...p, creditScore: credit }, n).matchScore
          const improved = scoreCarrier(
            c,
            { ...p, creditScore: Math.min(850, credit + better) },
            n,
          ).matchScore
          expect(improved).toBeGreaterThanOrEqual(worse)
        },
      ),
    )
  })

  it('a higher coverage amount never lowers the quote', () => {
    fc.assert(
      fc.property(
        carrierArb,
        profileArb,
        needsArb,
        fc.integer({ min: 0, max: 2_000_000 }),
        (c, p, n, more) => {
          expect(
            estimateYearlyQuote(c, p, { ...n, coverageAmount: n.coverageAmount + more }),
          ).toBeGreaterThanOrEqual(estimateYearlyQuote(c, p, n))
        },
      ),
    )
  })

  it('is a score from 0 to 100 and gives the same answer for the same input', () => {
    fc.assert(
      fc.property(carrierArb, profileArb, needsArb, (c, p, n) => {
        const first = scoreCarrier(c, p, n)
        expect(first.matchScore).toBeGreaterThanOrEqual(0)
        expect(first.matchScore).toBeLessThanOrEqual(100)
        expect(scoreCarrier(c, p, n)).toEqual(first)
      }),
    )
  })
})
