import type { SubmissionResult } from '#shared/contracts/bulk-submission.contract.ts'
import type { RecommendationLevel, SMOKING_STATUSES, URGENCIES } from '#shared/domain/recommendations.ts'
import type { BadgeTone } from '#web/components/badge.tsx'
import { formatDollars } from '#web/lib/format.ts'

export const STAGES = ['Client Profile', 'Recommendations', 'Carrier Selection', 'Results'] as const
export type Stage = 0 | 1 | 2 | 3

export const SMOKING_LABELS: Record<(typeof SMOKING_STATUSES)[number], string> = {
  non_smoker: 'Non-smoker',
  former_smoker: 'Former smoker',
  smoker: 'Smoker',
}

export const URGENCY_LABELS: Record<(typeof URGENCIES)[number], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
}

export const LEVEL_LABELS: Record<RecommendationLevel, string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
}

export const LEVEL_TONES: Record<RecommendationLevel, BadgeTone> = {
  excellent: 'green',
  good: 'blue',
  fair: 'yellow',
  poor: 'neutral',
}

export const METHOD_LABELS: Record<SubmissionResult['submissionMethod'], string> = {
  api: 'API',
  email: 'Email',
  pdf: 'PDF',
  manual: 'Manual',
}

/** Spec §9: the last coverage choice reads '$2,000,000+'. */
export function coverageLabel(amount: number, last: boolean): string {
  return `${formatDollars(amount)}${last ? '+' : ''}`
}

/** The success toast of spec §8: '2 of 3 submissions successful'. */
export function successCountText(results: readonly Pick<SubmissionResult, 'status'>[]): string {
  const successes = results.filter((result) => result.status === 'success').length
  return `${successes} of ${results.length} submissions successful`
}
