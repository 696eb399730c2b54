/**
 * The application status machine. The spec shows draft, pending, review, approved, rejected and
 * leaves the transitions to us; these are the moves a careful agency makes: a draft is submitted
 * (pending) or withdrawn; a carrier takes it into review or answers directly; a rejected
 * application can be reopened as a draft to fix and resend. Bound (the book of business) comes
 * after: one of the application's quotes became a policy. Binding moves it there from any open
 * status a quote can come back in (pending, review, approved), never by hand, and bound is final.
 */
export const APPLICATION_STATUSES = ['draft', 'pending', 'review', 'approved', 'rejected', 'bound'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

export const APPLICATION_TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  draft: ['pending'],
  pending: ['review', 'approved', 'rejected', 'draft', 'bound'],
  review: ['approved', 'rejected', 'pending', 'bound'],
  approved: ['bound'],
  rejected: ['draft'],
  bound: [],
}

/** Statuses only a use case reaches (binding a quote), never a status change by hand. */
export const STATUSES_SET_BY_BINDING: readonly ApplicationStatus[] = ['bound']

export function canTransition(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return APPLICATION_TRANSITIONS[from].includes(to)
}

/** The moves an agent makes by hand from `from`: the machine's, less those binding makes. */
export function manualTransitions(from: ApplicationStatus): readonly ApplicationStatus[] {
  return APPLICATION_TRANSITIONS[from].filter((to) => !STATUSES_SET_BY_BINDING.includes(to))
}

export function transitionRefusal(from: ApplicationStatus, to: ApplicationStatus): string {
  return `An application that is ${from} cannot become ${to}.`
}

/** Why a status change by hand to `to` is refused although the machine has the move. */
export function boundByHandRefusal(): string {
  return 'An application becomes bound when one of its quotes is bound, not by a status change.'
}
