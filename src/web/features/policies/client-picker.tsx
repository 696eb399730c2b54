import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { type Ref, useState } from 'react'
import { SearchInput } from '#web/components/search-input.tsx'
import { Select } from '#web/components/select.tsx'
import { clientListQuery } from '#web/features/clients/clients.queries.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'

interface ClientPickerProps {
  id: string
  value: string
  onChange: (clientId: string) => void
  error?: string
  /** The form's handle on the select, so a refused client takes the focus. */
  selectRef?: Ref<HTMLSelectElement>
}

/**
 * The insured: a search over the agency's clients (name or email) narrows the choice below it; the
 * chosen client stays chosen while the search changes.
 */
export function ClientPicker({ id, value, onChange, error, selectRef }: ClientPickerProps) {
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<{ value: string; label: string }>()
  const q = useDebouncedValue(search.trim(), 250)
  const results = useInfiniteQuery({ ...clientListQuery(q), placeholderData: keepPreviousData })
  const options = (results.data?.pages[0]?.data ?? []).map((client) => ({
    value: client.id,
    label: `${client.firstName} ${client.lastName}${client.email ? ` (${client.email})` : ''}`,
  }))
  if (chosen && chosen.value === value && !options.some((option) => option.value === value))
    options.unshift(chosen)
  const errorId = error ? `${id}-error` : undefined
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Client</legend>
      <SearchInput
        aria-label="Search clients"
        placeholder="Search by name or email..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <label htmlFor={id} className="sr-only">
        Client
      </label>
      <Select
        id={id}
        ref={selectRef}
        aria-invalid={Boolean(error)}
        aria-describedby={errorId}
        placeholder={results.isPending ? 'Loading clients...' : 'Choose a client...'}
        options={options}
        value={value}
        onChange={(event) => {
          setChosen(options.find((option) => option.value === event.target.value))
          onChange(event.target.value)
        }}
      />
      {results.data && options.length === 0 && (
        <p className="text-sm text-slate-600">No clients match. Add the client on the Clients page first.</p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
