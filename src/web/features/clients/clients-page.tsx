import { Plus } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { CLIENT_MESSAGES } from '#shared/contracts/clients-texts.ts'
import { Button } from '#web/components/button.tsx'
import { SearchInput } from '#web/components/search-input.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { ClientGrid } from './client-grid.tsx'
import { ClientSummaryCards } from './client-summary-cards.tsx'

/** The form (and its form library) loads when Add Client is first pressed, not with the list. */
const AddClientDialog = lazy(() =>
  import('./add-client-dialog.tsx').then((m) => ({ default: m.AddClientDialog })),
)

/** The search waits for typing to pause this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 250

export function ClientsPage() {
  const [search, setSearch] = useState('')
  const [adding, setAdding] = useState(false)
  const addMounted = useOpenedOnce(adding)
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  return (
    <>
      <PageHeader title={CLIENT_MESSAGES.title} subtitle={CLIENT_MESSAGES.subtitle} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          aria-label="Search clients"
          placeholder={CLIENT_MESSAGES.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="w-full sm:max-w-sm"
        />
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Client
        </Button>
      </div>
      <ClientSummaryCards />
      <ClientGrid q={q} />
      {addMounted && (
        <Suspense fallback={null}>
          <AddClientDialog open={adding} onOpenChange={setAdding} />
        </Suspense>
      )}
    </>
  )
}
