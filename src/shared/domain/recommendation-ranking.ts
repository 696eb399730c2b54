import {
  type ClientProfile,
  type CoverageRequirements,
  profileScorer,
  type RecommendableCarrier,
  type Recommendation,
  scoreCarrier,
} from './recommendations.ts'

type Ranked = Pick<Recommendation, 'carrier' | 'matchScore' | 'estimatedQuote'>

/** Best match first; a cheaper quote, then the name, breaks ties. */
export function compareRecommendations(a: Ranked, b: Ranked): number {
  return (
    b.matchScore - a.matchScore ||
    a.estimatedQuote - b.estimatedQuote ||
    (a.carrier.name < b.carrier.name ? -1 : a.carrier.name > b.carrier.name ? 1 : 0)
  )
}

/** Every active carrier that writes the type in the client's state, best match first. */
export function recommendCarriers<C extends RecommendableCarrier>(
  carriers: readonly C[],
  profile: ClientProfile,
  needs: CoverageRequirements,
): Recommendation<C>[] {
  const state = profile.state.trim().toUpperCase()
  return carriers
    .filter((c) => c.isActive && c.supportedTypes.includes(needs.insuranceType) && c.states.includes(state))
    .map((c) => scoreCarrier(c, { ...profile, state }, needs))
    .sort(compareRecommendations)
}

/**
 * The first `limit` of scoreCarrier over the carriers sorted by compareRecommendations (ties keep
 * the list's order), for less: a request ranks 1,000 carriers and answers 50. Every carrier gets
 * its score and quote; scores are whole numbers from 0 to 100, so counting them gives the lowest
 * score that still reaches the first `limit`, and only carriers at or above it are sorted (and get
 * their reasons, a dozen strings each). Every carrier below that score ranks after all of them.
 */
export function bestRecommendations<C extends RecommendableCarrier>(
  carriers: readonly C[],
  profile: ClientProfile,
  needs: CoverageRequirements,
  limit: number,
): Recommendation<C>[] {
  const scorer = profileScorer(profile, needs)
  const quotes = new Float64Array(carriers.length)
  const scores = new Uint8Array(carriers.length)
  const atScore = new Uint32Array(101)
  for (let i = 0; i < carriers.length; i++) {
    quotes[i] = scorer.quote(carriers[i]!)
    scores[i] = scorer.score(carriers[i]!, quotes[i]!)
    atScore[scores[i]!]!++
  }
  let lowest = 100
  for (let reached = atScore[100]!; reached < limit && lowest > 0; ) reached += atScore[--lowest]!
  const ranked: Ranked[] = []
  for (let i = 0; i < carriers.length; i++) {
    if (scores[i]! >= lowest)
      ranked.push({ carrier: carriers[i]!, matchScore: scores[i]!, estimatedQuote: quotes[i]! })
  }
  ranked.sort(compareRecommendations)
  return ranked.slice(0, limit).map(({ carrier }) => scorer.recommend(carrier as C))
}
