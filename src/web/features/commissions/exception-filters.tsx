import { useQuery } from '@tanstack/react-query'
import {
  EXCEPTION_KIND_LABELS,
  EXCEPTION_KINDS,
  type ExceptionKind,
} from '#shared/contracts/commissions-statements-texts.ts'
import { Field } from '#web/components/field.tsx'
import { Select } from '#web/components/select.tsx'
import { carriersQuery } from '#web/features/carriers/carriers.queries.ts'
import { cn } from '#web/lib/cn.ts'
import { formatCount } from '#web/lib/format.ts'
import type { ExceptionFilters } from './commission-exceptions.queries.ts'
import { EXCEPTION_WORDS as W } from './exception-texts.ts'

interface KindChipsProps {
  counts: Record<ExceptionKind, number>
  kind: ExceptionKind | undefined
  onChange: (kind: ExceptionKind | undefined) => void
}

/** The open exceptions by kind, each a toggle that filters the list to it. */
export function KindChips({ counts, kind, onChange }: KindChipsProps) {
  const total = EXCEPTION_KINDS.reduce((sum, each) => sum + counts[each], 0)
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{W.kindChips}</legend>
      <Chip
        pressed={kind === undefined}
        onClick={() => onChange(undefined)}
        label={W.allOpen}
        count={total}
      />
      {EXCEPTION_KINDS.map((each) => (
        <Chip
          key={each}
          pressed={kind === each}
          onClick={() => onChange(kind === each ? undefined : each)}
          label={EXCEPTION_KIND_LABELS[each]}
          count={counts[each]}
        />
      ))}
    </fieldset>
  )
}

function Chip({
  pressed,
  onClick,
  label,
  count,
}: {
  pressed: boolean
  onClick: () => void
  label: string
  count: number
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700',
        pressed
          ? 'border-violet-700 bg-violet-700 text-white'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
      )}
    >
      {label}{' '}
      <span
        className={cn('rounded-full px-1.5 text-xs tabular-nums', pressed ? 'bg-white/20' : 'bg-slate-100')}
      >
        {formatCount(count)}
      </span>
    </button>
  )
}

const STATUS_OPTIONS = [
  { value: 'open', label: W.open },
  { value: 'resolved', label: W.resolved },
]

interface ExceptionFilterBarProps {
  filters: ExceptionFilters
  onChange: (change: Partial<ExceptionFilters>) => void
}

/** Open or resolved, and one carrier's: applied as soon as chosen. */
export function ExceptionFilterBar({ filters, onChange }: ExceptionFilterBarProps) {
  const carriers = useQuery(carriersQuery)
  const carrierOptions = (carriers.data ?? [])
    .map((carrier) => ({ value: carrier.id, label: carrier.name }))
    .sort((a, b) => a.label.localeCompare(b.label))
  return (
    <fieldset className="grid grid-cols-1 gap-3 min-[25rem]:grid-cols-2 lg:max-w-2xl">
      <legend className="sr-only">{W.filters}</legend>
      <Field id="exception-filter-status" label={W.status}>
        {(control) => (
          <Select
            {...control}
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(event) => onChange({ status: event.target.value as ExceptionFilters['status'] })}
          />
        )}
      </Field>
      <Field id="exception-filter-carrier" label={W.carrier}>
        {(control) => (
          <Select
            {...control}
            placeholder={W.allCarriers}
            options={carrierOptions}
            value={filters.carrierId ?? ''}
            onChange={(event) => onChange({ carrierId: event.target.value || undefined })}
          />
        )}
      </Field>
    </fieldset>
  )
}
