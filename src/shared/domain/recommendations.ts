import type { InsuranceType } from './insurance-types.ts'

/**
 * Carrier recommendations (spec part 1 §2 Smart Bulk Submission): an explainable score out of 100
 * from fixed weights, an estimated yearly quote from a premium model, and the reasons that moved
 * the score. Same input, same answer: no clock, no randomness.
 *
 * Score = coverage rating (25) + consumer confidence (20) + financial strength (20)
 *       + price against the client's budget (20) + the client's risk profile (15).
 * Quote = carrier's average monthly premium × 12 × coverage factor × age × credit × claims
 *       × insurance history × smoking (life and health only) × urgency.
 */
export const WEIGHTS = {
  coverageRating: 25,
  consumerConfidence: 20,
  financialStrength: 20,
  price: 20,
  risk: 15,
} as const
export const LEVELS = [
  { level: 'excellent', min: 85 },
  { level: 'good', min: 70 },
  { level: 'fair', min: 50 },
  { level: 'poor', min: 0 },
] as const
export type RecommendationLevel = (typeof LEVELS)[number]['level']

export const COVERAGE_AMOUNTS = [100_000, 250_000, 500_000, 1_000_000, 2_000_000] as const
export const URGENCIES = ['low', 'medium', 'high'] as const
export const SMOKING_STATUSES = ['non_smoker', 'former_smoker', 'smoker'] as const
export type SmokingStatus = (typeof SMOKING_STATUSES)[number]
const BUDGET_MONTHLY_CAP = { under_100: 100, '100_200': 200, '200_500': 500, over_500: null } as const
const STRENGTH_SHARE: Record<string, number> = {
  'A++': 1,
  'A+': 0.9,
  A: 0.8,
  'A-': 0.7,
  'B++': 0.55,
  'B+': 0.45,
  B: 0.35,
}
const PROCESSING_TIME: Record<string, string> = {
  api: 'Instant to 1 business day',
  email: '2-3 business days',
  pdf: '3-5 business days',
  manual: '5-7 business days',
}
/** How long a carrier takes to answer, by how it receives applications. */
export function processingTimeOf(submissionMethod: string): string {
  return PROCESSING_TIME[submissionMethod] ?? PROCESSING_TIME.manual!
}
/** Used when a carrier publishes no average premium. */
export const DEFAULT_MONTHLY_PREMIUM = 150

export interface ClientProfile {
  age: number
  creditScore?: number | null
  state: string
  zipCode?: string
  insuranceHistory: { yearsInsured: number; claimsHistory: number }
  riskFactors: { smokingStatus: (typeof SMOKING_STATUSES)[number] }
  budgetRange?: keyof typeof BUDGET_MONTHLY_CAP | null
}

export interface CoverageRequirements {
  insuranceType: InsuranceType
  coverageAmount: number
  urgency: (typeof URGENCIES)[number]
}

export interface RecommendableCarrier {
  id: string
  name: string
  supportedTypes: readonly string[]
  states: readonly string[]
  isActive: boolean
  avgPremiumCost?: number | null
  coverageRating?: number | null
  consumerConfidenceScore?: number | null
  financialStrength?: string | null
  submissionMethod: string
}

export interface Recommendation<C extends RecommendableCarrier = RecommendableCarrier> {
  carrier: C
  matchScore: number
  recommendationLevel: RecommendationLevel
  estimatedQuote: number
  processingTime: string
  reasons: string[]
}

const usd = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`

function ageFactor(age: number): number {
  if (age < 25) return 1.35
  if (age >= 65) return 1.4
  return 1 + Math.max(0, age - 40) * 0.01
}

function creditFactor(credit: number | null | undefined): number {
  if (credit === null || credit === undefined) return 1
  if (credit >= 760) return 0.85
  if (credit >= 700) return 0.95
  if (credit >= 650) return 1.05
  if (credit >= 600) return 1.15
  return 1.3
}

function smokingFactor(type: InsuranceType, status: ClientProfile['riskFactors']['smokingStatus']): number {
  if (type !== 'life' && type !== 'healthcare') return 1
  return status === 'smoker' ? 1.5 : status === 'former_smoker' ? 1.15 : 1
}

/**
 * The profile's part of every carrier's quote and score, worked out once for a whole list: a
 * request scores 1,000 carriers for one profile. The quote keeps its factors apart (not one
 * product) so that it multiplies in the same order, to the same rounding, as it always has.
 */
function termsOf(profile: ClientProfile, needs: CoverageRequirements) {
  const claims = 1 + 0.15 * Math.min(Math.max(profile.insuranceHistory.claimsHistory, 0), 5)
  const years = profile.insuranceHistory.yearsInsured
  const history = years >= 5 ? 0.95 : years < 1 ? 1.1 : 1
  const penalties = riskPenalties(profile, needs.insuranceType)
  return {
    coverage: (Math.max(needs.coverageAmount, 1) / 500_000) ** 0.8,
    factors: ageFactor(profile.age) * creditFactor(profile.creditScore) * claims * history,
    smoking: smokingFactor(needs.insuranceType, profile.riskFactors.smokingStatus),
    urgency: needs.urgency === 'high' ? 1.05 : 1,
    penalties,
    risk: Math.max(0, WEIGHTS.risk - penalties.reduce((sum, [points]) => sum + points, 0)),
    budget: profile.budgetRange,
    state: profile.state,
  }
}
type ProfileTerms = ReturnType<typeof termsOf>

function quoteWith(terms: ProfileTerms, carrier: RecommendableCarrier): number {
  const base = (carrier.avgPremiumCost ?? DEFAULT_MONTHLY_PREMIUM) * 12
  return Math.round(base * terms.coverage * terms.factors * terms.smoking * terms.urgency)
}

export function estimateYearlyQuote(
  carrier: RecommendableCarrier,
  profile: ClientProfile,
  needs: CoverageRequirements,
): number {
  return quoteWith(termsOf(profile, needs), carrier)
}

/** Risk points lost (out of WEIGHTS.risk), each with the reason that names it. */
function riskPenalties(profile: ClientProfile, type: InsuranceType): [number, string][] {
  const penalties: [number, string][] = []
  const credit = profile.creditScore
  if (credit !== null && credit !== undefined && credit < 700) {
    penalties.push([credit < 600 ? 5 : credit < 650 ? 3 : 1, `Credit score ${credit} raises the risk`])
  }
  const claims = Math.min(Math.max(profile.insuranceHistory.claimsHistory, 0), 3)
  if (claims > 0) penalties.push([claims * 2, `${claims} prior claim${claims === 1 ? '' : 's'}`])
  if (profile.insuranceHistory.yearsInsured < 1) penalties.push([2, 'Less than a year of insurance history'])
  if (profile.riskFactors.smokingStatus === 'smoker' && (type === 'life' || type === 'healthcare')) {
    penalties.push([3, 'Smoker rates apply'])
  }
  if (profile.age < 25 || profile.age >= 75) penalties.push([2, `Age ${profile.age} is priced higher`])
  return penalties
}

function pricePoints(monthly: number, budget: ClientProfile['budgetRange']): number {
  const cap = budget ? BUDGET_MONTHLY_CAP[budget] : null
  if (!budget) return WEIGHTS.price / 2
  if (cap === null || monthly <= cap) return WEIGHTS.price
  return WEIGHTS.price * Math.max(0, 1 - (monthly / cap - 1) * 2)
}

function priceReason(monthly: number, budget: ClientProfile['budgetRange']): string {
  const cap = budget ? BUDGET_MONTHLY_CAP[budget] : null
  if (!budget) return `Estimated ${usd(monthly)} a month (no budget given)`
  if (cap === null) return `Estimated ${usd(monthly)} a month fits the budget`
  if (monthly <= cap) return `Estimated ${usd(monthly)} a month is within the ${usd(cap)} budget`
  return `Estimated ${usd(monthly)} a month is ${Math.round((monthly / cap - 1) * 100)}% over budget`
}

export function levelOf(score: number): RecommendationLevel {
  return LEVELS.find((band) => score >= band.min)!.level
}

/** The score out of 100: the parts added in the model's order (coverage, confidence, strength, price, risk). */
function scoreWith(terms: ProfileTerms, carrier: RecommendableCarrier, quote: number): number {
  const rating = carrier.coverageRating
  const confidence = carrier.consumerConfidenceScore
  const strength = carrier.financialStrength ? (STRENGTH_SHARE[carrier.financialStrength] ?? 0.5) : 0.5
  const total =
    (rating ? ((rating - 1) / 4) * WEIGHTS.coverageRating : WEIGHTS.coverageRating / 2) +
    (confidence ? ((confidence - 1) / 4) * WEIGHTS.consumerConfidence : WEIGHTS.consumerConfidence / 2) +
    strength * WEIGHTS.financialStrength +
    pricePoints(quote / 12, terms.budget) +
    terms.risk
  return Math.max(0, Math.min(100, Math.round(total)))
}

function recommendWith<C extends RecommendableCarrier>(terms: ProfileTerms, carrier: C): Recommendation<C> {
  const rating = carrier.coverageRating
  const confidence = carrier.consumerConfidenceScore
  const quote = quoteWith(terms, carrier)
  const matchScore = scoreWith(terms, carrier, quote)
  return {
    carrier,
    matchScore,
    recommendationLevel: levelOf(matchScore),
    estimatedQuote: quote,
    processingTime: processingTimeOf(carrier.submissionMethod),
    reasons: [
      rating ? `Coverage rating ${rating}/5` : 'No coverage rating published',
      confidence
        ? `Consumer confidence ${confidence.toFixed(1)}/5`
        : 'No consumer confidence score published',
      `Financial strength ${carrier.financialStrength ?? 'not rated'}`,
      priceReason(quote / 12, terms.budget),
      `Licensed in ${terms.state}`,
      ...terms.penalties.map(([, reason]) => reason),
    ],
  }
}

export function scoreCarrier<C extends RecommendableCarrier>(
  carrier: C,
  profile: ClientProfile,
  needs: CoverageRequirements,
): Recommendation<C> {
  return recommendWith(termsOf(profile, needs), carrier)
}

/** One profile scored against many carriers (see recommendation-ranking.ts): its terms worked out once. */
export function profileScorer(profile: ClientProfile, needs: CoverageRequirements) {
  const terms = termsOf(profile, needs)
  return {
    quote: (carrier: RecommendableCarrier) => quoteWith(terms, carrier),
    score: (carrier: RecommendableCarrier, quote: number) => scoreWith(terms, carrier, quote),
    /** What scoreCarrier answers: the same numbers, with the reasons. */
    recommend: <C extends RecommendableCarrier>(carrier: C) => recommendWith(terms, carrier),
  }
}
