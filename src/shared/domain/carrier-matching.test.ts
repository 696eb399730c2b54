import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type CarrierFilters,
  type MatchableCarrier,
  matchCarriers,
  SLIDERS,
  SUBMISSION_TYPES,
} from './carrier-matching.ts'
import { INSURANCE_TYPES } from './insurance-types.ts'

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null })
const carrierArb: fc.Arbitrary<MatchableCarrier> = fc.record({
  supportedTypes: fc.subarray([...INSURANCE_TYPES]),
  isActive: fc.boolean(),
  avgPremiumCost: maybe(fc.integer({ min: 20, max: 1500 })),
  coverageRating: maybe(fc.integer({ min: 1, max: 5 })),
  consumerConfidenceScore: maybe(fc.double({ min: 1, max: 5, noNaN: true })),
})
const filtersArb: fc.Arbitrary<CarrierFilters> = fc.record({
  maxPrice: fc.integer({ min: 2, max: 40 }).map((n) => n * 25),
  minCoverageRating: fc.integer({ min: 1, max: 5 }),
  minConsumerConfidence: fc.integer({ min: 10, max: 50 }).map((n) => n / 10),
})
const typeArb = fc.constantFrom(...INSURANCE_TYPES)

describe('matchCarriers', () => {
  it('keeps only active carriers that support the type, whatever the submission type', () => {
    fc.assert(
      fc.property(
        fc.array(carrierArb),
        typeArb,
        fc.constantFrom(...SUBMISSION_TYPES),
        filtersArb,
        (carriers, type, submission, filters) => {
          for (const carrier of matchCarriers(carriers, type, submission, filters)) {
            expect(carrier.isActive).toBe(true)
            expect(carrier.supportedTypes).toContain(type)
          }
        },
      ),
    )
  })

  it('ignores the filters unless the submission is filtered', () => {
    fc.assert(
      fc.property(fc.array(carrierArb), typeArb, filtersArb, (carriers, type, filters) => {
        const expected = carriers.filter((c) => c.isActive && c.supportedTypes.includes(type))
        expect(matchCarriers(carriers, type, 'all_carriers', filters)).toEqual(expected)
        expect(matchCarriers(carriers, type, 'specific_carriers', filters)).toEqual(expected)
      }),
    )
  })

  it('drops exactly the carriers a known value puts outside a filter, and keeps those lacking it', () => {
    fc.assert(
      fc.property(fc.array(carrierArb), typeArb, filtersArb, (carriers, type, filters) => {
        const matched = new Set(matchCarriers(carriers, type, 'filtered_carriers', filters))
        for (const c of carriers) {
          const eligible = c.isActive && c.supportedTypes.includes(type)
          const tooDear =
            c.avgPremiumCost != null &&
            filters.maxPrice < SLIDERS.maxPrice.max &&
            c.avgPremiumCost > filters.maxPrice
          const lowRated = c.coverageRating != null && c.coverageRating < filters.minCoverageRating
          const lowTrust =
            c.consumerConfidenceScore != null && c.consumerConfidenceScore < filters.minConsumerConfidence
          expect(matched.has(c)).toBe(eligible && !tooDear && !lowRated && !lowTrust)
        }
      }),
    )
  })

  it('narrows as the filters tighten', () => {
    fc.assert(
      fc.property(fc.array(carrierArb), typeArb, filtersArb, filtersArb, (carriers, type, a, b) => {
        const loose = {
          maxPrice: Math.max(a.maxPrice, b.maxPrice),
          minCoverageRating: Math.min(a.minCoverageRating, b.minCoverageRating),
          minConsumerConfidence: Math.min(a.minConsumerConfidence, b.minConsumerConfidence),
        }
        const tight = {
          maxPrice: Math.min(a.maxPrice, b.maxPrice),
          minCoverageRating: Math.max(a.minCoverageRating, b.minCoverageRating),
          minConsumerConfidence: Math.max(a.minConsumerConfidence, b.minConsumerConfidence),
        }
        const wide = new Set(matchCarriers(carriers, type, 'filtered_carriers', loose))
        for (const c of matchCarriers(carriers, type, 'filtered_carriers', tight))
          expect(wide.has(c)).toBe(true)
      }),
    )
  })

  it("treats the top of the price slider as '$1000+', no price limit", () => {
    const dear = {
      supportedTypes: ['life'],
      isActive: true,
      avgPremiumCost: 4200,
      coverageRating: 5,
      consumerConfidenceScore: 5,
    }
    expect(
      matchCarriers([dear], 'life', 'filtered_carriers', {
        maxPrice: 1000,
        minCoverageRating: 1,
        minConsumerConfidence: 1,
      }),
    ).toEqual([dear])
    expect(
      matchCarriers([dear], 'life', 'filtered_carriers', {
        maxPrice: 975,
        minCoverageRating: 1,
        minConsumerConfidence: 1,
      }),
    ).toEqual([])
  })
})
