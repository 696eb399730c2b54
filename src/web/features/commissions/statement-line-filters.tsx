import { LINE_STATUSES } from '#shared/contracts/commissions-statements-texts.ts'
import { SearchInput } from '#web/components/search-input.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatCount } from '#web/lib/format.ts'
import type { StatusFilter } from './filter-statement-lines.ts'
import { LINE_STATUS_LABELS } from './statement-texts.ts'

const CHOICES: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...LINE_STATUSES.map((value) => ({ value, label: LINE_STATUS_LABELS[value] })),
]

const CHOICE =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium sm:min-h-9 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700'

interface StatementLineFiltersProps {
  status: StatusFilter
  counts: Record<StatusFilter, number>
  search: string
  onStatusChange: (status: StatusFilter) => void
  onSearchChange: (search: string) => void
}

/** The lines' status as toggle buttons with their counts, and a search by row, policy number or insured. */
export function StatementLineFilters({
  status,
  counts,
  search,
  onStatusChange,
  onSearchChange,
}: StatementLineFiltersProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <fieldset className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        <legend className="sr-only">Status</legend>
        {CHOICES.map((choice) => (
          <button
            key={choice.value}
            type="button"
            aria-pressed={status === choice.value}
            onClick={() => onStatusChange(choice.value)}
            className={cn(
              CHOICE,
              status === choice.value
                ? 'bg-white text-slate-900 shadow-sm'
                : 'text-slate-700 hover:text-slate-900',
            )}
          >
            {choice.label}
            <span className="text-xs text-slate-600 tabular-nums">{formatCount(counts[choice.value])}</span>
          </button>
        ))}
      </fieldset>
      <SearchInput
        aria-label="Search the lines"
        placeholder="Row, policy number or insured"
        className="w-full sm:w-72"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
    </div>
  )
}
