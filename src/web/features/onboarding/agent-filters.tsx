import type { ProgressFilter, ProgressSort } from '#shared/contracts/onboarding-progress.contract.ts'
import { Button } from '#web/components/button.tsx'
import { SearchInput } from '#web/components/search-input.tsx'
import { Select } from '#web/components/select.tsx'

export interface AgentFilterValue {
  q: string
  status: ProgressFilter
  sort: ProgressSort
}

export const NO_FILTERS: AgentFilterValue = { q: '', status: 'all', sort: 'progress' }

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'completed', label: 'Completed' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'not_started', label: 'Not started' },
  { value: 'blocked', label: 'Blocked' },
]
const SORT_OPTIONS = [
  { value: 'progress', label: 'Sort by progress' },
  { value: 'agent_id', label: 'Sort by agent ID' },
  { value: 'last_activity', label: 'Sort by last activity' },
  { value: 'completion_date', label: 'Sort by completion date' },
]

/** Search by agent ID, status, sort and Clear filters (the Dash tab); the Progress tab shows status only. */
export function AgentFilters({
  value,
  onChange,
  statusOnly = false,
}: {
  value: AgentFilterValue
  onChange: (value: AgentFilterValue) => void
  statusOnly?: boolean
}) {
  const set = <K extends keyof AgentFilterValue>(key: K, next: AgentFilterValue[K]) =>
    onChange({ ...value, [key]: next })
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      {!statusOnly && (
        <SearchInput
          aria-label="Search by agent ID"
          placeholder="Search by agent ID..."
          value={value.q}
          onChange={(event) => set('q', event.target.value)}
          className="w-full sm:max-w-xs"
        />
      )}
      <div className="sm:w-48">
        <Select
          aria-label="Status"
          options={STATUS_OPTIONS}
          value={value.status}
          onChange={(event) => set('status', event.target.value as ProgressFilter)}
        />
      </div>
      {!statusOnly && (
        <>
          <div className="sm:w-56">
            <Select
              aria-label="Sort"
              options={SORT_OPTIONS}
              value={value.sort}
              onChange={(event) => set('sort', event.target.value as ProgressSort)}
            />
          </div>
          <Button variant="ghost" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        </>
      )}
    </div>
  )
}
