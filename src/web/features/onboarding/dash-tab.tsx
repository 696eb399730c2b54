import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { Badge } from '#web/components/badge.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { formatDate } from '#web/lib/format.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { AgentFilters, type AgentFilterValue, NO_FILTERS } from './agent-filters.tsx'
import { AgentTable, Pager } from './agent-table.tsx'
import { dashboardQuery, progressQuery } from './onboarding.queries.ts'
import { EmptyState, FigureCard, LoadError, ProgressStatusBadge } from './onboarding-display.tsx'

const PAGE = 25

/** Dash: the agency at a glance, the agents filtered and sorted, and the latest 5 progress updates. */
export function DashTab({ onViewDetails }: { onViewDetails: (agentId: string) => void }) {
  const [filters, setFilters] = useState<AgentFilterValue>(NO_FILTERS)
  const [page, setPage] = useState(1)
  const q = useDebouncedValue(filters.q.trim(), 250)
  const progress = useQuery(
    progressQuery({ q: q || undefined, status: filters.status, sort: filters.sort, page, limit: PAGE }),
  )
  const stats = useQuery(dashboardQuery).data?.stats
  const summary = progress.data?.summary
  const filtered = filters.q !== '' || filters.status !== 'all'
  const change = (next: AgentFilterValue) => {
    setFilters(next)
    setPage(1)
  }
  return (
    <section aria-labelledby="dash-heading" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="dash-heading" className="mr-auto text-lg font-semibold text-slate-900">
          Onboarding overview
        </h2>
        <Badge tone="violet">{`${summary?.totalAgents ?? 0} agents`}</Badge>
        <Badge tone="blue">{`${summary?.avgProgress ?? 0}% average progress`}</Badge>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <FigureCard
          label="Completion Rate"
          value={
            summary
              ? `${summary.totalAgents ? Math.round((summary.completed / summary.totalAgents) * 100) : 0}%`
              : '—'
          }
          detail={summary ? `${summary.completed} of ${summary.totalAgents} completed` : undefined}
        />
        <FigureCard
          label="Documents"
          value={stats ? `${stats.documentsCompleted} / ${stats.documentsTotal}` : '—'}
          detail="approved of required"
        />
        <FigureCard
          label="Licenses"
          value={stats?.licensesActive ?? '—'}
          detail={stats ? `${stats.licensesExpiring} expiring within 90 days` : undefined}
        />
        <FigureCard
          label="Training"
          value={stats?.trainingsCompleted ?? '—'}
          detail={stats ? `${stats.trainingsScheduled} scheduled` : undefined}
        />
      </div>
      <AgentFilters value={filters} onChange={change} />
      {progress.isError ? (
        <LoadError message={T.fetchProgress} />
      ) : !progress.data ? (
        <Spinner label="Loading agents" />
      ) : progress.data.agents.length === 0 ? (
        <EmptyState>{filtered ? T.noMatchingAgents : T.noAgents}</EmptyState>
      ) : (
        <>
          <AgentTable rows={progress.data.agents} onViewDetails={onViewDetails} />
          <Pager page={page} limit={PAGE} total={progress.data.total} onPage={setPage} />
        </>
      )}
      <div className="grid gap-2">
        <h3 className="font-semibold text-slate-900">Latest progress updates</h3>
        {progress.data && progress.data.recentUpdates.length === 0 ? (
          <EmptyState>{T.noUpdates}</EmptyState>
        ) : (
          <ul className="grid gap-2" aria-label="Latest progress updates">
            {progress.data?.recentUpdates.map((update) => (
              <li
                key={update.id}
                className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm"
              >
                <span className="font-medium text-slate-900">{update.agentId}</span>
                <span className="text-slate-600">{update.workflowName}</span>
                <span className="text-slate-800">{update.currentStep ?? 'All steps done'}</span>
                <ProgressStatusBadge status={update.status} />
                <span className="ml-auto text-xs text-slate-600">{`Started ${formatDate(update.startedAt)}`}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
