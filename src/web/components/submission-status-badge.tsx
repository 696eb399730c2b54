import {
  SUBMISSION_STATUS_LABELS,
  type SubmissionOutcome,
  type SubmissionStatus,
} from '#shared/domain/submission-status.ts'
import { Badge, type BadgeTone } from './badge.tsx'

const STATUS_TONES: Record<SubmissionStatus, BadgeTone> = {
  queued: 'yellow',
  action_required: 'orange',
  sent: 'blue',
  acknowledged: 'blue',
  under_review: 'violet',
  quoted: 'violet',
  approved: 'green',
  declined: 'red',
  bound: 'green',
  failed: 'red',
}

/** Where one carrier's copy of an application stands: queued, sent, approved... */
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{SUBMISSION_STATUS_LABELS[status]}</Badge>
}

export const OUTCOME_LABELS: Record<SubmissionOutcome, string> = {
  success: 'Success',
  failed: 'Failed',
  pending: 'Pending',
}

const OUTCOME_TONES: Record<SubmissionOutcome, BadgeTone> = {
  success: 'green',
  failed: 'red',
  pending: 'yellow',
}

/** Spec part 1 §3: a bulk result is success, failed, or anything else shown as pending. */
export function SubmissionOutcomeBadge({ outcome }: { outcome: SubmissionOutcome }) {
  return <Badge tone={OUTCOME_TONES[outcome]}>{OUTCOME_LABELS[outcome]}</Badge>
}
