/** An agent's onboarding progress (spec part 3 §4, §9): status, bands and the completion label. */

export const AGENT_PROGRESS_STATUSES = ['not_started', 'in_progress', 'completed', 'blocked'] as const
export type AgentProgressStatus = (typeof AGENT_PROGRESS_STATUSES)[number]

export const PROGRESS_STATUS_LABELS: Record<AgentProgressStatus, string> = {
  not_started: 'Not Started',
  in_progress: 'In Progress',
  completed: 'Completed',
  blocked: 'Blocked',
}

/** The five bands by percent, tightest first: 100, 75, 50, 25, below 25. */
export const PROGRESS_BANDS = [
  { key: 'completed', label: 'Completed', from: 100 },
  { key: 'nearCompletion', label: 'Near Completion', from: 75 },
  { key: 'inProgress', label: 'In Progress', from: 50 },
  { key: 'gettingStarted', label: 'Getting Started', from: 25 },
  { key: 'notStarted', label: 'Not Started', from: Number.NEGATIVE_INFINITY },
] as const
export type ProgressBand = (typeof PROGRESS_BANDS)[number]['key']

export function progressBand(percent: number): (typeof PROGRESS_BANDS)[number] {
  return PROGRESS_BANDS.find((band) => percent >= band.from)!
}

/** Whole percent of the workflow's steps done. */
export function progressPercent(done: number, total: number): number {
  return total === 0 ? 0 : Math.round((done / total) * 100)
}

/**
 * Completed when every step is done; blocked when something needs fixing before it can go on
 * (a rejected required document, a missed required session, no license left in force after one
 * lapsed or was suspended); not started when no step is done; in progress otherwise.
 */
export function agentProgressStatus(input: {
  done: number
  total: number
  blocked: boolean
}): AgentProgressStatus {
  if (input.total > 0 && input.done >= input.total) return 'completed'
  if (input.blocked) return 'blocked'
  return input.done === 0 ? 'not_started' : 'in_progress'
}

/** The spec's estimated-completion text: 'N days' when positive, otherwise 'Overdue'. */
export function estimatedCompletionLabel(daysLeft: number): string {
  if (daysLeft <= 0) return 'Overdue'
  return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`
}

/** Documents expiring within this many days are flagged (§9). */
export const DOCUMENT_EXPIRY_WARNING_DAYS = 30

export type DocumentExpiry = 'expired' | 'expiring' | 'valid' | 'none'

/** A document's expiry standing from the days left to its expiration date (null: none given). */
export function documentExpiry(daysLeft: number | null): DocumentExpiry {
  if (daysLeft === null) return 'none'
  if (daysLeft <= 0) return 'expired'
  return daysLeft <= DOCUMENT_EXPIRY_WARNING_DAYS ? 'expiring' : 'valid'
}
