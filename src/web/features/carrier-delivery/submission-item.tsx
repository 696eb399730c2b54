import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import { SubmissionStatusBadge } from '#web/components/submission-status-badge.tsx'
import { formatDate } from '#web/lib/format.ts'
import { useApplySubmissionChange } from './carrier-delivery.queries.ts'
import { SubmissionActions } from './submission-actions.tsx'
import { SubmissionHistory } from './submission-history.tsx'

export const SUBMISSION_METHOD_LABELS: Record<CarrierSubmission['method'], string> = {
  api: 'API',
  email: 'Email',
  pdf: 'PDF',
  manual: 'Manual',
}

/** One carrier's copy of the application: where it stands, how it went, and what the agent can do. */
export function SubmissionItem({
  applicationId,
  submission,
}: {
  applicationId: string
  submission: CarrierSubmission
}) {
  const onChanged = useApplySubmissionChange(applicationId)
  const details = [
    `${SUBMISSION_METHOD_LABELS[submission.method]} submission`,
    `${submission.attempts} ${submission.attempts === 1 ? 'attempt' : 'attempts'}`,
    submission.confirmationNumber ? `Confirmation ${submission.confirmationNumber}` : null,
    `Updated ${formatDate(submission.updatedAt)}`,
  ].filter(Boolean)
  return (
    <article aria-label={submission.carrierName} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-slate-900">{submission.carrierName}</h3>
        <SubmissionStatusBadge status={submission.status} />
      </div>
      {submission.message && <p className="text-sm text-slate-700">{submission.message}</p>}
      <p className="text-xs text-slate-600">{details.join(' · ')}</p>
      <SubmissionActions submission={submission} onChanged={onChanged} />
      <SubmissionHistory history={submission.history} />
    </article>
  )
}
