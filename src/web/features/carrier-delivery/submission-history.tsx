import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import { SUBMISSION_STATUS_LABELS } from '#shared/domain/submission-status.ts'
import { formatDateTime } from '#web/lib/format.ts'

const SOURCE_LABELS: Record<CarrierSubmission['history'][number]['source'], string> = {
  delivery: 'Delivery',
  carrier: 'Carrier',
  agent: 'Agent',
}

/** Every status change of one carrier submission, behind a disclosure: most agents never open it. */
export function SubmissionHistory({ history }: { history: CarrierSubmission['history'] }) {
  if (history.length === 0) return null
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-violet-700 hover:underline sm:min-h-0">
        History ({history.length})
      </summary>
      <ol className="mt-2 grid gap-2 border-l-2 border-slate-200 pl-3">
        {history.map((change, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: history entries are append-only and never reorder
          <li key={index} className="grid gap-0.5">
            <p className="text-slate-900">
              {change.fromStatus ? `${SUBMISSION_STATUS_LABELS[change.fromStatus]} → ` : 'Created as '}
              {SUBMISSION_STATUS_LABELS[change.toStatus]}
            </p>
            <p className="text-xs text-slate-600">
              {SOURCE_LABELS[change.source]} · {formatDateTime(change.createdAt)}
            </p>
            {change.message && <p className="text-slate-700">{change.message}</p>}
          </li>
        ))}
      </ol>
    </details>
  )
}
