import type { ApplicationStatus } from '#shared/domain/application-status.ts'
import { Badge, type BadgeTone } from './badge.tsx'

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  draft: 'Draft',
  pending: 'Pending',
  review: 'In Review',
  approved: 'Approved',
  rejected: 'Rejected',
  bound: 'Bound',
}

/** Spec part 1 §4: pending and review are both yellow. */
const TONES: Record<ApplicationStatus, BadgeTone> = {
  draft: 'neutral',
  pending: 'yellow',
  review: 'yellow',
  approved: 'green',
  rejected: 'red',
  bound: 'violet',
}

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge tone={TONES[status]}>{APPLICATION_STATUS_LABELS[status]}</Badge>
}
