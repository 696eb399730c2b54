/**
 * The application status machine. The spec shows draft, pending, review, approved, rejected and
 * leaves the transitions to us; these are the moves a careful agency makes: a draft is submitted
 * (pending) or withdrawn; a carrier takes it into review or answers directly; a rejected
 * application can be reopened as a draft to fix and resend; an approved one is final.
 */
export const APPLICATION_STATUSES = ['draft', 'pending', 'review', 'approved', 'rejected'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

export const APPLICATION_TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  draft: ['pending'],
  pending: ['review', 'approved', 'rejected', 'draft'],
  review: ['approved', 'rejected', 'pending'],
  approved: [],
  rejected: ['draft'],
}

export function canTransition(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return APPLICATION_TRANSITIONS[from].includes(to)
}

export function transitionRefusal(from: ApplicationStatus, to: ApplicationStatus): string {
  return `An application that is ${from} cannot become ${to}.`
}
