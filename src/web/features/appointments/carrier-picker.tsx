import { useState } from 'react'
import type { Carrier } from '#shared/contracts/carriers.contract.ts'
import { CHECKBOX_INPUT_CLASSES } from '#web/components/checkbox.tsx'
import { SearchInput } from '#web/components/search-input.tsx'

const METHOD_LABELS: Record<Carrier['submissionMethod'], string> = {
  api: 'API',
  email: 'Email',
  pdf: 'PDF',
  manual: 'Manual',
}

interface CarrierPickerProps {
  carriers: readonly Carrier[]
  selected: ReadonlySet<string>
  onChange: (selected: ReadonlySet<string>) => void
  disabled: boolean
}

/**
 * The active carriers as checkboxes; nothing is picked for the agent. An agency sees the whole
 * catalogue (close to a hundred), so a filter narrows the list; a choice stays when filtered away.
 */
export function CarrierPicker({ carriers, selected, onChange, disabled }: CarrierPickerProps) {
  const [filter, setFilter] = useState('')
  const words = filter.trim().toLowerCase()
  const shown = words
    ? carriers.filter((carrier) => `${carrier.name} ${carrier.code}`.toLowerCase().includes(words))
    : carriers
  function toggle(carrierId: string, on: boolean) {
    const next = new Set(selected)
    if (on) next.add(carrierId)
    else next.delete(carrierId)
    onChange(next)
  }
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 flex w-full flex-wrap justify-between gap-2 text-sm font-medium text-slate-800">
        <span>Carriers</span>
        <span className="font-normal text-slate-600">
          {selected.size} of {carriers.length} selected
        </span>
      </legend>
      <SearchInput
        aria-label="Filter carriers"
        placeholder="Filter carriers..."
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        className="sm:max-w-sm"
      />
      {shown.length === 0 && <p className="text-sm text-slate-600">No carrier matches "{filter.trim()}".</p>}
      <ul
        aria-label="Active carriers"
        className="divide-y divide-slate-200 rounded-md border border-slate-200"
      >
        {shown.map((carrier) => {
          const id = `submit-carrier-${carrier.id}`
          return (
            <li key={carrier.id} className="flex items-center gap-3 px-3">
              <input
                id={id}
                type="checkbox"
                checked={selected.has(carrier.id)}
                onChange={(event) => toggle(carrier.id, event.target.checked)}
                aria-describedby={`${id}-method`}
                className={CHECKBOX_INPUT_CLASSES}
              />
              <label
                htmlFor={id}
                className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center font-medium"
              >
                {carrier.name}
              </label>
              <span id={`${id}-method`} className="text-xs text-slate-600">
                {METHOD_LABELS[carrier.submissionMethod]} submission
              </span>
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}
