import type { z } from 'zod'
import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import { type Recommendation, recommendationsCall } from '#shared/contracts/bulk-submission.contract.ts'
import type { SubmissionMethod } from '#shared/contracts/carriers.contract.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { bestRecommendations } from '#shared/domain/recommendation-ranking.ts'
import type {
  ClientProfile,
  CoverageRequirements,
  RecommendationLevel,
} from '#shared/domain/recommendations.ts'
import { findActiveCarriersFor } from '../carriers/carriers.service.ts'

/**
 * The best matches only: an agent chooses among the top of the list, and 1,000 cards would bury
 * them (and cost the answer half a megabyte). Licensed states are the client's state, the only one
 * the list was filtered by.
 */
export const MAX_RECOMMENDATIONS = 50

type RecommendationsInput = z.output<NonNullable<(typeof recommendationsCall)['body']>>

type CarrierRows = Awaited<ReturnType<typeof findActiveCarriersFor>>

function toCandidates(rows: CarrierRows, type: InsuranceType, state: string) {
  // One array of each for all: every carrier here writes this type in this state (the query says so).
  const supportedTypes = [type]
  const states = [state]
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    supportedTypes,
    states,
    isActive: true,
    avgPremiumCost: row.avgPremiumCents === null ? null : row.avgPremiumCents / 100,
    coverageRating: row.coverageRating,
    consumerConfidenceScore: row.consumerConfidenceScore,
    financialStrength: row.financialStrength,
    submissionMethod: row.submissionMethod,
  }))
}

/**
 * The carriers kept for an agency, type and state are the same array until they change (decision
 * 022), so what scoring reads of them is made once per array, not for every profile.
 */
const candidatesOfRows = new WeakMap<CarrierRows, ReturnType<typeof toCandidates>>()
function candidatesFrom(rows: CarrierRows, type: InsuranceType, state: string) {
  let candidates = candidatesOfRows.get(rows)
  if (!candidates) {
    candidates = toCandidates(rows, type, state)
    candidatesOfRows.set(rows, candidates)
  }
  return candidates
}

/**
 * Scores every active carrier that writes the type in the client's state with the explainable model
 * of src/shared/domain/recommendations.ts, best first. The optional filters narrow the list the way
 * the wizard's carrier filters do (a carrier without a value is kept).
 */
export async function getRecommendations(
  db: Executor,
  { actor }: Ctx,
  input: RecommendationsInput,
): Promise<Recommendation[]> {
  const { clientProfile, coverageRequirements, filters } = input
  const rows = await findActiveCarriersFor(
    db,
    actor.agencyId,
    coverageRequirements.insuranceType,
    clientProfile.state,
  )
  const candidates = candidatesFrom(rows, coverageRequirements.insuranceType, clientProfile.state).filter(
    (c) =>
      (filters.maxPrice === undefined || c.avgPremiumCost === null || c.avgPremiumCost <= filters.maxPrice) &&
      (filters.minCoverageRating === undefined ||
        c.coverageRating === null ||
        c.coverageRating >= filters.minCoverageRating) &&
      (filters.minConsumerConfidence === undefined ||
        c.consumerConfidenceScore === null ||
        c.consumerConfidenceScore >= filters.minConsumerConfidence) &&
      (!filters.preferredFinancialStrength?.length ||
        c.financialStrength === null ||
        filters.preferredFinancialStrength.includes(c.financialStrength as never)),
  )
  return bestRecommendations(candidates, clientProfile, coverageRequirements, MAX_RECOMMENDATIONS).map(
    (r) => ({
      carrier: {
        id: r.carrier.id,
        name: r.carrier.name,
        code: r.carrier.code,
        // The shared scoring rule keeps the method as it got it: one of the carrier's.
        submissionMethod: r.carrier.submissionMethod as SubmissionMethod,
        licensedStates: [...r.carrier.states],
        financialStrength: r.carrier.financialStrength,
        avgPremiumCost: r.carrier.avgPremiumCost,
        coverageRating: r.carrier.coverageRating,
        consumerConfidenceScore: r.carrier.consumerConfidenceScore,
      },
      matchScore: r.matchScore,
      recommendationLevel: r.recommendationLevel,
      estimatedQuote: r.estimatedQuote,
      processingTime: r.processingTime,
      reasons: r.reasons,
    }),
  )
}

/** The levels the carrier selection calls recommended ("Select recommended"). */
const RECOMMENDED_LEVELS: readonly RecommendationLevel[] = ['excellent', 'good']

/**
 * The carriers smart bulk submission recommends for a profile, best first: the excellent and
 * good matches among the active carriers that write the line in the client's state.
 */
export async function findRecommendedCarrierIds(
  db: Executor,
  ctx: Ctx,
  basis: { profile: ClientProfile; needs: CoverageRequirements },
): Promise<string[]> {
  // Read through the call's own schema, as a request's body would be.
  const input = recommendationsCall.body!.parse({
    clientProfile: basis.profile,
    coverageRequirements: basis.needs,
    filters: {},
  })
  const recommendations = await getRecommendations(db, ctx, input)
  return recommendations
    .filter((recommendation) => RECOMMENDED_LEVELS.includes(recommendation.recommendationLevel))
    .map((recommendation) => recommendation.carrier.id)
}
