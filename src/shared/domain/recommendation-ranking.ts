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
 * the list's order), for less: a request ranks 1,000 carriers and answers 50, so every carrier
 * gets its score and quote, and only those answered get their reasons (a dozen strings each).
 */
export function bestRecommendations<C extends RecommendableCarrier>(
  carriers: readonly C[],
  profile: ClientProfile,
  needs: CoverageRequirements,
  limit: number,
): Recommendation<C>[] {
  const scorer = profileScorer(profile, needs)
  const ranked = carriers.map((carrier) => {
    const estimatedQuote = scorer.quote(carrier)
    return { carrier, estimatedQuote, matchScore: scorer.score(carrier, estimatedQuote) }
  })
  ranked.sort(compareRecommendations)
  return ranked.slice(0, limit).map(({ carrier }) => scorer.recommend(carrier))
}
