import { type FormEvent, useState } from 'react'
import type { AuditHistoryFilters } from '#shared/contracts/compliance.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Input } from '#web/components/input.tsx'
import { Label } from '#web/components/label.tsx'
import { Select } from '#web/components/select.tsx'

export const RECORD_TYPES = [
  { value: 'client', label: 'Client' },
  { value: 'application', label: 'Application' },
  { value: 'carrier_submission', label: 'Carrier submission' },
  { value: 'document', label: 'Document' },
  { value: 'appointment', label: 'Appointment' },
  { value: 'user', label: 'User' },
  { value: 'carrier', label: 'Carrier' },
] as const

/** The history's filters: user, action, record and period. Applied together with 'Apply'. */
export function AuditFilters({
  value,
  users,
  actions,
  onApply,
}: {
  value: AuditHistoryFilters
  users: { value: string; label: string }[]
  actions: { value: string; label: string }[]
  onApply: (filters: AuditHistoryFilters) => void
}) {
  const [draft, setDraft] = useState(value)
  // On a phone the six fields would push the records off the first screen: they open on demand.
  const [open, setOpen] = useState(false)
  const set = (key: keyof AuditHistoryFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value || undefined }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onApply(draft)
  }
  const field = 'grid gap-1'
  return (
    <>
      <Button
        variant="outline"
        className="justify-self-start sm:hidden"
        aria-expanded={open}
        aria-controls="audit-filters"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide filters' : 'Filters'}
      </Button>
      <form
        id="audit-filters"
        aria-label="Filter the audit history"
        onSubmit={submit}
        className={`${open ? 'grid' : 'hidden'} gap-3 sm:grid sm:grid-cols-3 lg:grid-cols-6`}
      >
        <div className={field}>
          <Label htmlFor="audit-user">User</Label>
          <Select
            id="audit-user"
            name="userId"
            value={draft.userId ?? ''}
            onChange={set('userId')}
            placeholder="Everyone"
            options={users}
          />
        </div>
        <div className={field}>
          <Label htmlFor="audit-action">Action</Label>
          <Select
            id="audit-action"
            name="action"
            value={draft.action ?? ''}
            onChange={set('action')}
            placeholder="Any action"
            options={actions}
          />
        </div>
        <div className={field}>
          <Label htmlFor="audit-record-type">Record</Label>
          <Select
            id="audit-record-type"
            name="entityType"
            value={draft.entityType ?? ''}
            onChange={set('entityType')}
            placeholder="Any record"
            options={RECORD_TYPES}
          />
        </div>
        <div className={field}>
          <Label htmlFor="audit-record-id">Record id</Label>
          <Input
            id="audit-record-id"
            name="entityId"
            value={draft.entityId ?? ''}
            onChange={set('entityId')}
          />
        </div>
        <div className={field}>
          <Label htmlFor="audit-from">From</Label>
          <Input id="audit-from" name="from" type="date" value={draft.from ?? ''} onChange={set('from')} />
        </div>
        <div className={field}>
          <Label htmlFor="audit-to">To</Label>
          <Input id="audit-to" name="to" type="date" value={draft.to ?? ''} onChange={set('to')} />
        </div>
        <div className="flex gap-2 sm:col-span-3 lg:col-span-6">
          <Button type="submit">Apply filters</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setDraft({})
              onApply({})
            }}
          >
            Clear
          </Button>
        </div>
      </form>
    </>
  )
}
