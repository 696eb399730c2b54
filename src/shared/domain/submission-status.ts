/**
 * One carrier's copy of an application (issue #5): queued → sent → acknowledged → under_review →
 * quoted → approved | declined, or failed with the reason. PDF and manual carriers take the packet
 * from the agent, so their delivery ends in action_required until the agent marks it sent. A bind
 * request (issue #30) is a submission too: sent, then bound when the carrier answers with the
 * policy number.
 *
 * Delivery moves queued to sent, action_required or failed. A carrier's webhook only moves forward
 * (it may skip steps, e.g. sent straight to approved); an event that would move back is stale and
 * ignored. The one step a carrier may repeat is quoted: a revised quote is a new quote. A failed
 * submission can be queued again; approved, declined and bound are final.
 */
export const SUBMISSION_STATUSES = [
  'queued',
  'action_required',
  'sent',
  'acknowledged',
  'under_review',
  'quoted',
  'approved',
  'declined',
  'bound',
  'failed',
] as const
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number]

/** What a carrier may report through its webhook. */
export const CARRIER_REPORTED_STATUSES = [
  'acknowledged',
  'under_review',
  'quoted',
  'approved',
  'declined',
  'bound',
] as const
export type CarrierReportedStatus = (typeof CARRIER_REPORTED_STATUSES)[number]

const PROGRESS: Record<SubmissionStatus, number> = {
  queued: 0,
  failed: 0,
  action_required: 1,
  sent: 2,
  acknowledged: 3,
  under_review: 4,
  quoted: 5,
  approved: 6,
  declined: 6,
  bound: 7,
}

export const FINAL_SUBMISSION_STATUSES: readonly SubmissionStatus[] = ['approved', 'declined', 'bound']

/**
 * Whether a carrier's report moves this submission forward (anything else is stale or a replay).
 * A quoted submission may be quoted again: the carrier revised its offer.
 */
export function carrierMayReport(from: SubmissionStatus, to: CarrierReportedStatus): boolean {
  if (from === 'queued' || from === 'failed' || FINAL_SUBMISSION_STATUSES.includes(from)) return false
  if (from === 'quoted' && to === 'quoted') return true
  return PROGRESS[to] > PROGRESS[from]
}

/** The spec's bulk result status: success, failed, or anything else shown as pending. */
export type SubmissionOutcome = 'success' | 'failed' | 'pending'

export function outcomeOf(status: SubmissionStatus): SubmissionOutcome {
  if (status === 'queued') return 'pending'
  if (status === 'failed' || status === 'declined') return 'failed'
  return 'success'
}

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  queued: 'Queued',
  action_required: 'Action required',
  sent: 'Sent',
  acknowledged: 'Acknowledged',
  under_review: 'Under review',
  quoted: 'Quoted',
  approved: 'Approved',
  declined: 'Declined',
  bound: 'Bound',
  failed: 'Failed',
}

/**
 * Beside a bulk outcome's counts while some deliveries are still under way: ' (1 still being
 * delivered)', or nothing. The counts are then told again once those settle.
 */
export function stillDeliveringText(outcomes: readonly { status: SubmissionOutcome }[]): string {
  const pending = outcomes.filter((outcome) => outcome.status === 'pending').length
  return pending === 0 ? '' : ` (${pending} still being delivered)`
}
