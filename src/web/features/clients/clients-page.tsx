import { Plus, Search } from 'lucide-react'
import { useState } from 'react'
import { CLIENT_MESSAGES } from '#shared/contracts/clients.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Input } from '#web/components/input.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { AddClientDialog } from './add-client-dialog.tsx'
import { ClientGrid } from './client-grid.tsx'
import { ClientSummaryCards } from './client-summary-cards.tsx'
import { useDebouncedValue } from './use-debounced-value.ts'

/** The search waits for typing to pause this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 250

export function ClientsPage() {
  const [search, setSearch] = useState('')
  const [adding, setAdding] = useState(false)
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  return (
    <>
      <PageHeader title={CLIENT_MESSAGES.title} subtitle={CLIENT_MESSAGES.subtitle} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            type="search"
            aria-label="Search clients"
            placeholder={CLIENT_MESSAGES.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Client
        </Button>
      </div>
      <ClientSummaryCards />
      <ClientGrid q={q} />
      <AddClientDialog open={adding} onOpenChange={setAdding} />
    </>
  )
}
