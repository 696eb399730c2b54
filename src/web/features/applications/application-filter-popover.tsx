import { useQuery } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useState } from 'react'
import { APPLICATION_STATUSES } from '#shared/domain/application-status.ts'
import { INSURANCE_TYPES } from '#shared/domain/insurance-types.ts'
import { APPLICATION_STATUS_LABELS } from '#web/components/application-status-badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { INSURANCE_TYPE_LABELS } from '#web/components/insurance-type-badge.tsx'
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/popover.tsx'
import { Select } from '#web/components/select.tsx'
import { carriersQuery } from '#web/features/carriers/carriers.queries.ts'
import type { ApplicationFilters } from './applications.queries.ts'

export interface FilterPopoverProps {
  filters: ApplicationFilters
  onApply: (filters: ApplicationFilters) => void
  open: boolean
  setOpen: (open: boolean) => void
  /** The Filter button, which opens the panel. */
  children: ReactNode
}

/** Status, type, carrier and a date range; applied to the list and to the export. */
export function ApplicationFilterPopover({ filters, onApply, open, setOpen, children }: FilterPopoverProps) {
  const [draft, setDraft] = useState<ApplicationFilters>(filters)
  const carriers = useQuery({ ...carriersQuery, enabled: open })
  const set = (key: keyof ApplicationFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value || undefined }))

  function apply(event: FormEvent) {
    event.preventDefault()
    onApply(draft)
    setOpen(false)
  }

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(filters)
        setOpen(next)
      }}
    >
      <PopoverTrigger asChild>{children}</PopoverTrigger>
      <PopoverContent className="w-[min(22rem,calc(100vw-1rem))] p-4" aria-label="Filter applications">
        <form className="grid gap-3" onSubmit={apply}>
          <h2 className="font-semibold text-slate-900">Filter applications</h2>
          <Field id="filter-status" label="Status">
            {(control) => (
              <Select
                {...control}
                placeholder="All statuses"
                value={draft.status ?? ''}
                onChange={set('status')}
                options={APPLICATION_STATUSES.map((value) => ({
                  value,
                  label: APPLICATION_STATUS_LABELS[value],
                }))}
              />
            )}
          </Field>
          <Field id="filter-type" label="Insurance type">
            {(control) => (
              <Select
                {...control}
                placeholder="All types"
                value={draft.type ?? ''}
                onChange={set('type')}
                options={INSURANCE_TYPES.map((value) => ({ value, label: INSURANCE_TYPE_LABELS[value] }))}
              />
            )}
          </Field>
          <Field id="filter-carrier" label="Carrier">
            {(control) => (
              <Select
                {...control}
                placeholder="All carriers"
                value={draft.carrierId ?? ''}
                onChange={set('carrierId')}
                options={(carriers.data ?? []).map((carrier) => ({ value: carrier.id, label: carrier.name }))}
              />
            )}
          </Field>
          <div className="grid gap-3 min-[420px]:grid-cols-2">
            <Field id="filter-from" label="From" className="min-w-0">
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  className="min-w-0 px-2"
                  value={draft.from ?? ''}
                  onChange={set('from')}
                />
              )}
            </Field>
            <Field id="filter-to" label="To" className="min-w-0">
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  className="min-w-0 px-2"
                  value={draft.to ?? ''}
                  onChange={set('to')}
                />
              )}
            </Field>
          </div>
          <div className="flex justify-end gap-2 pt-1">
            <Button
              variant="ghost"
              onClick={() => {
                onApply({})
                setOpen(false)
              }}
            >
              Clear
            </Button>
            <Button type="submit">Apply filters</Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  )
}
