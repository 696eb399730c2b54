import type { ProgressRow } from '#shared/contracts/onboarding-progress.contract.ts'
import { estimatedCompletionLabel, progressBand } from '#shared/domain/onboarding-progress.ts'
import { Button } from '#web/components/button.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { Progress } from '#web/components/progress.tsx'
import { formatDate } from '#web/lib/format.ts'
import { daysUntil, ProgressStatusBadge } from './onboarding-display.tsx'

/** 'N days' or 'Overdue' (§4); a completed agent has no estimate. */
export function completionText(row: Pick<ProgressRow, 'status' | 'estimatedCompletionDate'>): string {
  if (row.status === 'completed' || !row.estimatedCompletionDate) return 'Completed'
  return estimatedCompletionLabel(daysUntil(row.estimatedCompletionDate) ?? 0)
}

/** The agents as a table (scrolls sideways inside its box on a phone), each with View Details. */
export function AgentTable({
  rows,
  onViewDetails,
}: {
  rows: ProgressRow[]
  onViewDetails: (agentId: string) => void
}) {
  const columns: DataColumn<ProgressRow>[] = [
    {
      key: 'agent',
      header: 'Agent',
      cell: (row) => (
        <>
          <p className="font-medium text-slate-900">{`${row.firstName} ${row.lastName}`}</p>
          <p className="text-xs text-slate-600">{row.agentId}</p>
        </>
      ),
    },
    {
      key: 'progress',
      header: 'Progress',
      cellClassName: 'w-40',
      cell: (row) => (
        <>
          <div className="flex items-center gap-2">
            <Progress value={row.overallProgress} label={`${row.agentId} progress`} className="w-20" />
            <span className="tabular-nums">{row.overallProgress}%</span>
          </div>
          <p className="text-xs text-slate-600">{progressBand(row.overallProgress).label}</p>
        </>
      ),
    },
    { key: 'status', header: 'Status', cell: (row) => <ProgressStatusBadge status={row.status} /> },
    { key: 'step', header: 'Current step', cell: (row) => row.currentStep ?? '—' },
    { key: 'completion', header: 'Est. completion', cell: completionText },
    { key: 'activity', header: 'Last activity', cell: (row) => formatDate(row.lastActivity) },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cellClassName: 'text-right',
      cell: (row) => (
        <Button
          aria-label={`View Details of ${row.agentId}`}
          variant="outline"
          size="sm"
          onClick={() => onViewDetails(row.agentId)}
        >
          View Details
        </Button>
      ),
    },
  ]
  return (
    <DataTable
      label="Agents and their onboarding progress"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      className="rounded-lg border border-slate-200 bg-white"
      tableClassName="min-w-[760px]"
    />
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
