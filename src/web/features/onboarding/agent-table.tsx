import type { ProgressRow } from '#shared/contracts/onboarding-progress.contract.ts'
import { estimatedCompletionLabel, progressBand } from '#shared/domain/onboarding-progress.ts'
import { Button } from '#web/components/button.tsx'
import { Progress } from '#web/components/progress.tsx'
import { formatDate } from '#web/lib/format.ts'
import { daysUntil, ProgressStatusBadge } from './onboarding-display.tsx'

/** 'N days' or 'Overdue' (§4); a completed agent has no estimate. */
export function completionText(row: Pick<ProgressRow, 'status' | 'estimatedCompletionDate'>): string {
  if (row.status === 'completed' || !row.estimatedCompletionDate) return 'Completed'
  return estimatedCompletionLabel(daysUntil(row.estimatedCompletionDate) ?? 0)
}

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'
const td = 'px-3 py-2 align-middle'

/** The agents as a table (scrolls sideways inside its box on a phone), each with View Details. */
export function AgentTable({
  rows,
  onViewDetails,
}: {
  rows: ProgressRow[]
  onViewDetails: (agentId: string) => void
}) {
  return (
    <div className="relative min-w-0 overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[760px] text-sm">
        <caption className="sr-only">Agents and their onboarding progress</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              Agent
            </th>
            <th scope="col" className={th}>
              Progress
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Current step
            </th>
            <th scope="col" className={th}>
              Est. completion
            </th>
            <th scope="col" className={th}>
              Last activity
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={td}>
                <p className="font-medium text-slate-900">{`${row.firstName} ${row.lastName}`}</p>
                <p className="text-xs text-slate-600">{row.agentId}</p>
              </td>
              <td className={`${td} w-40`}>
                <div className="flex items-center gap-2">
                  <Progress value={row.overallProgress} label={`${row.agentId} progress`} className="w-20" />
                  <span className="tabular-nums">{row.overallProgress}%</span>
                </div>
                <p className="text-xs text-slate-600">{progressBand(row.overallProgress).label}</p>
              </td>
              <td className={td}>
                <ProgressStatusBadge status={row.status} />
              </td>
              <td className={td}>{row.currentStep ?? '—'}</td>
              <td className={td}>{completionText(row)}</td>
              <td className={td}>{formatDate(row.lastActivity)}</td>
              <td className={`${td} text-right`}>
                <Button
                  aria-label={`View Details of ${row.agentId}`}
                  variant="outline"
                  size="sm"
                  onClick={() => onViewDetails(row.agentId)}
                >
                  View Details
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Previous and next page of a paged list, with what is shown. */
export function Pager({
  page,
  limit,
  total,
  onPage,
}: {
  page: number
  limit: number
  total: number
  onPage: (page: number) => void
}) {
  if (total <= limit) return null
  const last = Math.ceil(total / limit)
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2 text-sm text-slate-600">
      <span>{`${(page - 1) * limit + 1}–${Math.min(page * limit, total)} of ${total}`}</span>
      <span className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  )
}
