import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { Button } from '#web/components/button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { showToast } from '#web/lib/toast-store.ts'
import { AgentDetail } from './agent-detail.tsx'
import { AgentFilters, type AgentFilterValue, NO_FILTERS } from './agent-filters.tsx'
import { AgentTable, Pager } from './agent-table.tsx'
import { exportProgressCsv, progressQuery } from './onboarding.queries.ts'
import { EmptyState, FigureCard, LoadError } from './onboarding-display.tsx'

/** recharts is heavy: it loads with this tab's chart, never with the shell. */
const ProgressChart = lazy(() => import('./progress-chart.tsx').then((m) => ({ default: m.ProgressChart })))

const PAGE = 25

/** Progress: with no agent selected, the summary, a chart per band and the table; else one agent. */
export function ProgressTab({
  admin,
  agentId,
  onSelect,
}: {
  admin: boolean
  agentId: string | null
  onSelect: (agentId: string | null) => void
}) {
  if (agentId) return <AgentDetail admin={admin} agentId={agentId} onBack={() => onSelect(null)} />
  return <ProgressOverview onSelect={onSelect} />
}

function ProgressOverview({ onSelect }: { onSelect: (agentId: string) => void }) {
  const [filters, setFilters] = useState<AgentFilterValue>(NO_FILTERS)
  const [page, setPage] = useState(1)
  const [exporting, setExporting] = useState(false)
  const progress = useQuery(progressQuery({ status: filters.status, sort: filters.sort, page, limit: PAGE }))
  const summary = progress.data?.summary
  const exportCsv = async () => {
    setExporting(true)
    try {
      await exportProgressCsv({ status: filters.status, sort: filters.sort })
    } catch {
      showToast({ title: 'The agent table could not be exported', variant: 'destructive' })
    } finally {
      setExporting(false)
    }
  }
  return (
    <section aria-labelledby="progress-heading" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="progress-heading" className="text-lg font-semibold text-slate-900">
          Agent progress
        </h2>
        <Button variant="outline" onClick={exportCsv} disabled={exporting}>
          <Download aria-hidden="true" />
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <FigureCard label="Total Agents" value={summary?.totalAgents ?? '—'} />
        <FigureCard label="Completed" value={summary?.completed ?? '—'} />
        <FigureCard label="In Progress" value={summary?.inProgress ?? '—'} />
        <FigureCard label="Average Progress" value={summary ? `${summary.avgProgress}%` : '—'} />
      </div>
      {summary && summary.totalAgents > 0 && (
        <Suspense fallback={<Spinner label="Loading the chart" />}>
          <ProgressChart bands={summary.bands} />
        </Suspense>
      )}
      <AgentFilters
        statusOnly
        value={filters}
        onChange={(next) => {
          setFilters(next)
          setPage(1)
        }}
      />
      {progress.isError ? (
        <LoadError message={T.fetchProgress} />
      ) : !progress.data ? (
        <Spinner label="Loading agents" />
      ) : progress.data.agents.length === 0 ? (
        <EmptyState>{filters.status === 'all' ? T.noAgents : T.noMatchingAgents}</EmptyState>
      ) : (
        <>
          <AgentTable rows={progress.data.agents} onViewDetails={onSelect} />
          <Pager page={page} limit={PAGE} total={progress.data.total} onPage={setPage} />
        </>
      )}
    </section>
  )
}
