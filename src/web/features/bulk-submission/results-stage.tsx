import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { SubmissionResult } from '#shared/contracts/bulk-submission.contract.ts'
import { SubmissionOutcomeBadge } from '#web/components/submission-status-badge.tsx'
import { METHOD_LABELS, successCountText } from './bulk-messages.ts'
import { submissionsQuery } from './bulk-submission.queries.ts'
import { hasPending, mergeResults } from './merge-results.ts'

/** While a delivery is still under way the results look again this often. */
export const PENDING_POLL_MS = 1000

/** Spec §2: the per-carrier outcome; pending rows follow the deliveries until they settle. */
export function ResultsStage({
  applicationId,
  results,
  onSettled,
}: {
  applicationId: string
  results: SubmissionResult[]
  /** Once, when the deliveries pending in `results` have all settled, with the results then. */
  onSettled?: (rows: SubmissionResult[]) => void
}) {
  const submissions = useQuery({
    ...submissionsQuery(applicationId),
    enabled: hasPending(results),
    refetchInterval: (query) =>
      hasPending(mergeResults(results, query.state.data)) ? PENDING_POLL_MS : false,
  })
  const rows = mergeResults(results, submissions.data)
  const waiting = useRef(hasPending(results))
  const settled = waiting.current && !hasPending(rows)
  useEffect(() => {
    if (!settled || !waiting.current) return
    waiting.current = false
    onSettled?.(rows)
  })
  return (
    <section aria-labelledby="bulk-results-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="bulk-results-heading" className="font-semibold text-slate-900">
          Submission results
        </h3>
        <p className="text-sm text-slate-600" aria-live="polite">
          {successCountText(rows)}
          {hasPending(rows) ? ' · checking the pending ones…' : ''}
        </p>
      </div>
      <ul aria-label="Submission results" className="grid gap-2">
        {rows.map((result) => (
          <li
            key={result.submissionId}
            aria-label={result.carrierName}
            className="grid gap-1 rounded-md border border-slate-200 p-3"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-900">{result.carrierName}</span>
              <SubmissionOutcomeBadge outcome={result.status} />
            </div>
            {result.message && <p className="text-sm text-slate-700">{result.message}</p>}
            <p className="text-xs text-slate-600">
              {[
                `${METHOD_LABELS[result.submissionMethod]} submission`,
                result.processingTime,
                result.confirmationNumber ? `Confirmation ${result.confirmationNumber}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
