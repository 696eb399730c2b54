import * as RadioGroupPrimitive from '@radix-ui/react-radio-group'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { routeOf } from '#shared/contracts/call.ts'
import type { listClientsCall } from '#shared/contracts/clients.contract.ts'
import { SearchInput } from '#web/components/search-input.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { callApi } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { errorOf, type WizardForm } from './wizard-field.tsx'

const listClientsRoute = routeOf<typeof listClientsCall>('GET', '/api/clients')

const SEARCH_PAUSE_MS = 250
const RESULTS = 8

function clientSearchQuery(q: string) {
  return {
    // Under 'clients', so adding a client anywhere refreshes these results too.
    queryKey: ['clients', 'wizard-search', { q }] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callApi(listClientsRoute, { query: { q: q || undefined, limit: RESULTS }, signal }),
  }
}

/** Finds a client by name or email; the chosen one's id is sent with the application. */
export function ExistingClientPicker({ form }: { form: WizardForm }) {
  const [search, setSearch] = useState('')
  const [q, setQ] = useState('')
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(search.trim()), SEARCH_PAUSE_MS)
    return () => window.clearTimeout(timer)
  }, [search])
  const results = useQuery({ ...clientSearchQuery(q), placeholderData: keepPreviousData })
  const clientId = form.watch('clientId')
  const clients = results.data?.data ?? []
  const error = errorOf(form, 'clientId')

  return (
    <div className="grid gap-3">
      <SearchInput
        aria-label="Search clients"
        placeholder="Search by name or email..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
      {results.isPending ? (
        <Spinner label="Loading clients" />
      ) : clients.length === 0 ? (
        <p className="text-sm text-slate-600">No clients match. Use the New client tab to enter one.</p>
      ) : (
        <RadioGroupPrimitive.Root
          aria-label="Clients"
          value={clientId}
          onValueChange={(id) => {
            const client = clients.find((candidate) => candidate.id === id)
            form.setValue('clientId', id)
            form.setValue('clientName', client ? `${client.firstName} ${client.lastName}` : '')
            form.clearErrors('clientId')
          }}
          className="grid max-h-72 gap-2 overflow-y-auto"
        >
          {clients.map((client) => (
            <RadioGroupPrimitive.Item
              key={client.id}
              value={client.id}
              className={cn(
                'flex min-h-11 items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 text-left',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700',
                'data-[state=checked]:border-violet-700 data-[state=checked]:bg-violet-50',
              )}
            >
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">
                  {client.firstName} {client.lastName}
                </span>
                <span className="block truncate text-sm text-slate-600">{client.email ?? 'No email'}</span>
              </span>
              <span className="text-xs text-slate-600">
                {[client.city, client.state].filter(Boolean).join(', ')}
              </span>
            </RadioGroupPrimitive.Item>
          ))}
        </RadioGroupPrimitive.Root>
      )}
    </div>
  )
}
