import type { Application } from '#shared/contracts/applications.contract.ts'
import { ApplicationStatusBadge } from '#web/components/application-status-badge.tsx'
import { formatDate } from '#web/lib/format.ts'

/** Every status change: from → to, who, when and the note. */
export function StatusHistory({ history }: { history: Application['history'] }) {
  if (history.length === 0) return <p className="text-sm text-slate-600">No status changes yet.</p>
  return (
    <ol className="grid gap-4 border-l-2 border-slate-200 pl-4">
      {history.map((change, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: history entries are append-only and never reorder
        <li key={index} className="grid gap-1">
          <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-900">
            {change.fromStatus ? (
              <>
                <ApplicationStatusBadge status={change.fromStatus} />
                <span aria-hidden="true">→</span>
                <span className="sr-only">to</span>
              </>
            ) : (
              <span>Created as</span>
            )}
            <ApplicationStatusBadge status={change.toStatus} />
          </p>
          <p className="text-xs text-slate-600">
            {change.changedBy ?? 'System'} · {formatDate(change.createdAt)}
          </p>
          {change.note && <p className="text-sm text-slate-700">“{change.note}”</p>}
        </li>
      ))}
    </ol>
  )
}
