import { useState } from 'react'
import type { Application } from '#shared/contracts/applications.contract.ts'
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '#shared/domain/submission-status.ts'
import { Button } from '#web/components/button.tsx'
import { SubmissionItem } from './submission-item.tsx'

/** A bulk submission reaches dozens of carriers: the first few show, the rest on request. */
export const SHOWN_SUBMISSIONS = 8

/** '30 queued, 5 sent, 2 failed'. */
export function submissionTally(submissions: Application['submissions']): string {
  const counts = new Map<SubmissionStatus, number>()
  for (const { status } of submissions) counts.set(status, (counts.get(status) ?? 0) + 1)
  return [...counts]
    .map(([status, count]) => `${count} ${SUBMISSION_STATUS_LABELS[status].toLowerCase()}`)
    .join(', ')
}

export interface SubmissionListProps {
  applicationId: string
  submissions: Application['submissions']
}

/** Each carrier's copy of the application, with what the agent can do about it. */
export function SubmissionList({ applicationId, submissions }: SubmissionListProps) {
  const [showAll, setShowAll] = useState(false)
  if (submissions.length === 0) return <p className="text-sm text-slate-600">Not sent to any carrier yet.</p>
  const shown = showAll ? submissions : submissions.slice(0, SHOWN_SUBMISSIONS)
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700">
        {submissions.length} {submissions.length === 1 ? 'carrier' : 'carriers'}:{' '}
        {submissionTally(submissions)}
      </p>
      <ul aria-label="Carrier submissions" className="divide-y divide-slate-200">
        {shown.map((submission) => (
          <li key={submission.id} className="py-3 first:pt-0 last:pb-0">
            <SubmissionItem applicationId={applicationId} submission={submission} />
          </li>
        ))}
      </ul>
      {submissions.length > SHOWN_SUBMISSIONS && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => setShowAll((value) => !value)}
        >
          {showAll ? 'Show fewer' : `Show all ${submissions.length} carriers`}
        </Button>
      )}
    </div>
  )
}
