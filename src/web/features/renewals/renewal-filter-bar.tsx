import { useQuery } from '@tanstack/react-query'
import { RENEWAL_STAGE_LABELS } from '#shared/contracts/renewals-texts.ts'
import { INSURANCE_TYPE_LABELS, INSURANCE_TYPES } from '#shared/domain/insurance-types.ts'
import { RENEWAL_STAGES } from '#shared/domain/renewal-pipeline.ts'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Select, type SelectOption } from '#web/components/select.tsx'
import { carriersQuery } from '#web/features/carriers/carriers.queries.ts'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'
import { assigneesQuery, type RenewalListFilters } from './renewals.queries.ts'

const STAGE_OPTIONS = RENEWAL_STAGES.map((value) => ({ value, label: RENEWAL_STAGE_LABELS[value] }))
const LINE_OPTIONS = INSURANCE_TYPES.map((value) => ({ value, label: INSURANCE_TYPE_LABELS[value] }))

interface RenewalFilterBarProps {
  filters: RenewalListFilters
  onChange: (change: Partial<RenewalListFilters>) => void
}

/** The pipeline's filters, each applied as soon as it is chosen. */
export function RenewalFilterBar({ filters, onChange }: RenewalFilterBarProps) {
  const carriers = useQuery(carriersQuery)
  const assignees = useQuery(assigneesQuery)
  const carrierOptions = (carriers.data ?? [])
    .map((carrier) => ({ value: carrier.id, label: carrier.name }))
    .sort((a, b) => a.label.localeCompare(b.label))
  const assigneeOptions = (assignees.data ?? []).map((user) => ({ value: user.id, label: user.name }))
  return (
    <fieldset className="grid grid-cols-1 gap-3 min-[25rem]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-5">
      <legend className="sr-only">{W.filters}</legend>
      <FilterSelect
        id="stage"
        label={W.stage}
        placeholder={W.allStages}
        options={STAGE_OPTIONS}
        value={filters.stage}
        onChange={(stage) => onChange({ stage: stage as RenewalListFilters['stage'] })}
      />
      <FilterSelect
        id="assignee"
        label={W.assignee}
        placeholder={W.allAssignees}
        options={withChosen(assigneeOptions, filters.assigneeId)}
        value={filters.assigneeId}
        onChange={(assigneeId) => onChange({ assigneeId })}
      />
      <FilterSelect
        id="line"
        label={W.line}
        placeholder={W.allLines}
        options={LINE_OPTIONS}
        value={filters.line}
        onChange={(line) => onChange({ line: line as RenewalListFilters['line'] })}
      />
      <FilterSelect
        id="carrier"
        label={W.carrier}
        placeholder={W.allCarriers}
        options={withChosen(carrierOptions, filters.carrierId)}
        value={filters.carrierId}
        onChange={(carrierId) => onChange({ carrierId })}
      />
      <Field id="renewal-filter-due" label={W.dueBefore}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={filters.dueBefore ?? ''}
            onChange={(event) => onChange({ dueBefore: event.target.value || undefined })}
          />
        )}
      </Field>
    </fieldset>
  )
}

/** Keeps a chosen id selectable while its list loads (the address may carry it). */
function withChosen(options: SelectOption[], chosen: string | undefined): SelectOption[] {
  if (!chosen || options.some((option) => option.value === chosen)) return options
  return [...options, { value: chosen, label: W.loadingChoice }]
}

interface FilterSelectProps {
  id: string
  label: string
  placeholder: string
  options: readonly SelectOption[]
  value: string | undefined
  onChange: (value: string | undefined) => void
}

function FilterSelect({ id, label, placeholder, options, value, onChange }: FilterSelectProps) {
  return (
    <Field id={`renewal-filter-${id}`} label={label}>
      {(control) => (
        <Select
          {...control}
          placeholder={placeholder}
          options={options}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || undefined)}
        />
      )}
    </Field>
  )
}
