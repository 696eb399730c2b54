import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { INSURANCE_TYPES } from './insurance-types.ts'
import { bestRecommendations, compareRecommendations } from './recommendation-ranking.ts'
import {
  type ClientProfile,
  type CoverageRequirements,
  type RecommendableCarrier,
  SMOKING_STATUSES,
  scoreCarrier,
} from './recommendations.ts'

const profileArb = fc.record({
  age: fc.integer({ min: 16, max: 90 }),
  creditScore: fc.option(fc.integer({ min: 300, max: 850 }), { nil: null }),
  state: fc.constant('TX'),
  insuranceHistory: fc.record({
    yearsInsured: fc.integer({ min: 0, max: 40 }),
    claimsHistory: fc.integer({ min: 0, max: 8 }),
  }),
  riskFactors: fc.record({ smokingStatus: fc.constantFrom(...SMOKING_STATUSES) }),
  budgetRange: fc.constantFrom('under_100', '100_200', '200_500', 'over_500', null, undefined),
}) as fc.Arbitrary<ClientProfile>
const needsArb = fc.record({
  insuranceType: fc.constantFrom(...INSURANCE_TYPES),
  coverageAmount: fc.integer({ min: 1, max: 3_000_000 }),
  urgency: fc.constantFrom('low', 'medium', 'high'),
}) as fc.Arbitrary<CoverageRequirements>
// Few names and premiums, so that scores, quotes and names tie often and the tie-breaks are tested.
const carrierArb = fc.record({
  id: fc.uuid(),
  name: fc.constantFrom('Amberfield', 'Birchway', 'Cobalt', 'amberfield', 'Ä Mutual'),
  supportedTypes: fc.constant([...INSURANCE_TYPES]),
  states: fc.constant(['TX']),
  isActive: fc.constant(true),
  avgPremiumCost: fc.option(fc.constantFrom(40, 99.99, 150, 150.5, 420, 1200), { nil: null }),
  coverageRating: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
  consumerConfidenceScore: fc.option(
    fc.integer({ min: 0, max: 50 }).map((n) => n / 10),
    { nil: null },
  ),
  financialStrength: fc.constantFrom('A++', 'A+', 'A', 'A-', 'B++', 'B+', 'B', 'C', null),
  submissionMethod: fc.constantFrom('api', 'email', 'pdf', 'manual'),
}) satisfies fc.Arbitrary<RecommendableCarrier>

describe('bestRecommendations', () => {
  it('answers what scoring every carrier, sorting and keeping the first ones answers', () => {
    fc.assert(
      fc.property(
        fc.array(carrierArb, { maxLength: 80 }),
        profileArb,
        needsArb,
        fc.integer({ min: 0, max: 90 }),
        (carriers, profile, needs, limit) => {
          const everyOne = carriers
            .map((carrier) => scoreCarrier(carrier, profile, needs))
            .sort(compareRecommendations)
            .slice(0, limit)
          expect(bestRecommendations(carriers, profile, needs, limit)).toEqual(everyOne)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('keeps the list order between carriers that tie on score, quote and name', () => {
    const twin = (id: string): RecommendableCarrier => ({
      id,
      name: 'Twin Mutual',
      supportedTypes: ['auto'],
      states: ['TX'],
      isActive: true,
      submissionMethod: 'api',
    })
    const profile: ClientProfile = {
      age: 40,
      state: 'TX',
      insuranceHistory: { yearsInsured: 3, claimsHistory: 0 },
      riskFactors: { smokingStatus: 'non_smoker' },
    }
    const needs: CoverageRequirements = { insuranceType: 'auto', coverageAmount: 500_000, urgency: 'low' }
    const ids = bestRecommendations([twin('b'), twin('a'), twin('c')], profile, needs, 2).map(
      (r) => r.carrier.id,
    )
    expect(ids).toEqual(['b', 'a'])
  })
})
