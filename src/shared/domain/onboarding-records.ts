/**
 * State machines of the records an agent's onboarding is made of (spec part 3 §4): training
 * sessions and onboarding documents. A move a machine forbids is a 409 naming both states.
 */

export const TRAINING_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled', 'no_show'] as const
export type TrainingStatus = (typeof TRAINING_STATUSES)[number]

export const TRAINING_STATUS_LABELS: Record<TrainingStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No Show',
}

/** Completed is final; a cancelled session or a no-show can be scheduled again. */
export const TRAINING_TRANSITIONS: Record<TrainingStatus, readonly TrainingStatus[]> = {
  scheduled: ['in_progress', 'completed', 'cancelled', 'no_show'],
  in_progress: ['completed', 'cancelled', 'no_show'],
  completed: [],
  cancelled: ['scheduled'],
  no_show: ['scheduled'],
}

/** Present and No Show (§4): offered for a scheduled session that requires attendance. */
export const ATTENDANCE = {
  present: { status: 'completed', attendanceConfirmed: true },
  noShow: { status: 'no_show', attendanceConfirmed: false },
} as const

export function canMarkAttendance(session: { status: TrainingStatus; attendanceRequired: boolean }): boolean {
  return session.status === 'scheduled' && session.attendanceRequired
}

export function refusedTrainingMove(from: TrainingStatus, to: TrainingStatus): string | null {
  if (from === to || TRAINING_TRANSITIONS[from].includes(to)) return null
  return `A training session that is ${TRAINING_STATUS_LABELS[from].toLowerCase()} cannot become ${TRAINING_STATUS_LABELS[to].toLowerCase()}.`
}

export const ONBOARDING_DOCUMENT_STATUSES = ['pending', 'approved', 'rejected', 'needs_revision'] as const
export type OnboardingDocumentStatus = (typeof ONBOARDING_DOCUMENT_STATUSES)[number]

export const DOCUMENT_STATUS_LABELS: Record<OnboardingDocumentStatus, string> = {
  pending: 'Pending Review',
  approved: 'Approved',
  rejected: 'Rejected',
  needs_revision: 'Needs Revision',
}

/**
 * Review happens only while pending. A rejected document or one sent back for revision returns
 * to pending when the agent supplies it again; an approved one is final (a changed document is a
 * new review, see the service).
 */
export const DOCUMENT_TRANSITIONS: Record<OnboardingDocumentStatus, readonly OnboardingDocumentStatus[]> = {
  pending: ['approved', 'rejected', 'needs_revision'],
  approved: [],
  rejected: ['pending'],
  needs_revision: ['pending'],
}

/** Approve and Reject (§4): the status and the note each one records. */
export const DOCUMENT_REVIEW = {
  approve: { status: 'approved', reviewNotes: 'Document approved' },
  reject: { status: 'rejected', reviewNotes: 'Document rejected' },
} as const

export function canReviewDocument(status: OnboardingDocumentStatus): boolean {
  return status === 'pending'
}

export function refusedDocumentMove(
  from: OnboardingDocumentStatus,
  to: OnboardingDocumentStatus,
): string | null {
  if (from === to || DOCUMENT_TRANSITIONS[from].includes(to)) return null
  return `A document that is ${DOCUMENT_STATUS_LABELS[from].toLowerCase()} cannot become ${DOCUMENT_STATUS_LABELS[to].toLowerCase()}.`
}
