import type { InsuranceType } from './insurance-types.ts'

/** The values a carrier is matched on (spec part 1 §5, carrier matching preview). */
export interface MatchableCarrier {
  supportedTypes: readonly string[]
  isActive: boolean
  avgPremiumCost?: number | null
  coverageRating?: number | null
  consumerConfidenceScore?: number | null
}

export const SUBMISSION_TYPES = ['specific_carriers', 'filtered_carriers', 'all_carriers'] as const
export type SubmissionType = (typeof SUBMISSION_TYPES)[number]

export interface CarrierFilters {
  maxPrice: number
  minCoverageRating: number
  minConsumerConfidence: number
}

/** Slider ranges and defaults (spec part 1 §5). The top of the price range means "no limit". */
export const SLIDERS = {
  maxPrice: { min: 50, max: 1000, step: 25, default: 200 },
  minCoverageRating: { min: 1, max: 5, step: 1, default: 3 },
  minConsumerConfidence: { min: 1, max: 5, step: 0.1, default: 3.5 },
} as const

const known = (value: number | null | undefined): value is number => value !== null && value !== undefined

/**
 * Carriers an application can go to: they support the type and are active; a filtered submission
 * also drops carriers priced above the maximum or rated below either minimum. A carrier lacking
 * a value is kept for that rule. One function for the wizard's preview and the server.
 */
export function matchCarriers<C extends MatchableCarrier>(
  carriers: readonly C[],
  insuranceType: InsuranceType,
  submissionType: SubmissionType,
  filters?: CarrierFilters,
): C[] {
  return carriers.filter((carrier) => {
    if (!carrier.isActive || !carrier.supportedTypes.includes(insuranceType)) return false
    if (submissionType !== 'filtered_carriers' || !filters) return true
    const noPriceLimit = filters.maxPrice >= SLIDERS.maxPrice.max
    if (!noPriceLimit && known(carrier.avgPremiumCost) && carrier.avgPremiumCost > filters.maxPrice)
      return false
    if (known(carrier.coverageRating) && carrier.coverageRating < filters.minCoverageRating) return false
    if (
      known(carrier.consumerConfidenceScore) &&
      carrier.consumerConfidenceScore < filters.minConsumerConfidence
    ) {
      return false
    }
    return true
  })
}
