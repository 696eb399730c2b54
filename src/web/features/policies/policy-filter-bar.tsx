import { useQuery } from '@tanstack/react-query'
import { INSURANCE_TYPE_LABELS, INSURANCE_TYPES } from '#shared/domain/insurance-types.ts'
import { POLICY_STATUSES } from '#shared/domain/policy-ledger.ts'
import { Field } from '#web/components/field.tsx'
import { Select, type SelectOption } from '#web/components/select.tsx'
import { carriersQuery } from '#web/features/carriers/carriers.queries.ts'
import { type PolicyFilters, producersQuery } from './policies.queries.ts'
import { EXPIRING_WITHIN_DAYS, POLICY_STATUS_LABELS, SORT_OPTIONS } from './policy-display.ts'

const STATUS_OPTIONS = POLICY_STATUSES.map((value) => ({ value, label: POLICY_STATUS_LABELS[value] }))
const LINE_OPTIONS = INSURANCE_TYPES.map((value) => ({ value, label: INSURANCE_TYPE_LABELS[value] }))
const EXPIRING_OPTIONS = EXPIRING_WITHIN_DAYS.map((days) => ({ value: String(days), label: `${days} days` }))

interface PolicyFilterBarProps {
  filters: PolicyFilters
  onChange: (change: Partial<PolicyFilters>) => void
}

/** The list's filters and order, each applied as soon as it is chosen. */
export function PolicyFilterBar({ filters, onChange }: PolicyFilterBarProps) {
  const carriers = useQuery(carriersQuery)
  const producers = useQuery(producersQuery)
  const carrierOptions = (carriers.data ?? [])
    .map((carrier) => ({ value: carrier.id, label: carrier.name }))
    .sort((a, b) => a.label.localeCompare(b.label))
  const producerOptions = (producers.data ?? []).map((user) => ({ value: user.id, label: user.name }))
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <legend className="sr-only">Filter and sort policies</legend>
      <FilterSelect
        id="status"
        label="Status"
        placeholder="All statuses"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(status) => onChange({ status: status as PolicyFilters['status'] })}
      />
      <FilterSelect
        id="line"
        label="Line of business"
        placeholder="All lines"
        options={LINE_OPTIONS}
        value={filters.line}
        onChange={(line) => onChange({ line: line as PolicyFilters['line'] })}
      />
      <FilterSelect
        id="carrier"
        label="Carrier"
        placeholder="All carriers"
        options={withChosen(carrierOptions, filters.carrierId)}
        value={filters.carrierId}
        onChange={(carrierId) => onChange({ carrierId })}
      />
      <FilterSelect
        id="producer"
        label="Producer"
        placeholder="All producers"
        options={withChosen(producerOptions, filters.producerUserId)}
        value={filters.producerUserId}
        onChange={(producerUserId) => onChange({ producerUserId })}
      />
      <FilterSelect
        id="expiring"
        label="Expiring within"
        placeholder="Any date"
        options={EXPIRING_OPTIONS}
        value={filters.expiringWithinDays?.toString()}
        onChange={(days) => onChange({ expiringWithinDays: days ? Number(days) : undefined })}
      />
      <FilterSelect
        id="sort"
        label="Sort by"
        options={SORT_OPTIONS}
        value={filters.sort ?? SORT_OPTIONS[0]!.value}
        onChange={(sort) => onChange({ sort: sort as PolicyFilters['sort'] })}
      />
    </fieldset>
  )
}

/** Keeps a chosen id selectable while its list loads (the address may carry it). */
function withChosen(options: SelectOption[], chosen: string | undefined): SelectOption[] {
  if (!chosen || options.some((option) => option.value === chosen)) return options
  return [...options, { value: chosen, label: 'Loading…' }]
}

interface FilterSelectProps {
  id: string
  label: string
  placeholder?: string
  options: readonly SelectOption[]
  value: string | undefined
  onChange: (value: string | undefined) => void
}

function FilterSelect({ id, label, placeholder, options, value, onChange }: FilterSelectProps) {
  return (
    <Field id={`policy-filter-${id}`} label={label}>
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
