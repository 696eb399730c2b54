import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { Users } from 'lucide-react'
import { CLIENT_MESSAGES } from '#shared/contracts/clients-texts.ts'
import { Card } from '#web/components/card.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { cn } from '#web/lib/cn.ts'
import { ClientCard, ClientCardSkeleton } from './client-card.tsx'
import { clientListQuery } from './clients.queries.ts'

/** Spec part 1 §9: the loading grid shows 9 placeholder cards. */
export const SKELETON_CARDS = 9

const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3'

/** The client cards matching `q`, a page at a time. */
export function ClientGrid({ q }: { q: string }) {
  const list = useInfiniteQuery({
    ...clientListQuery(q),
    placeholderData: keepPreviousData,
    throwOnError: true,
  })

  if (!list.data) {
    return (
      <div role="status" aria-label="Loading clients" className={GRID}>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <ClientCardSkeleton key={index} />
        ))}
      </div>
    )
  }

  const clients = list.data.pages.flatMap((page) => page.data)
  if (clients.length === 0) return <NoClients searching={q !== ''} />

  return (
    <div className="grid gap-6">
      <ul
        aria-label="Clients"
        aria-busy={list.isPlaceholderData}
        className={cn(GRID, list.isPlaceholderData && 'opacity-60')}
      >
        {clients.map((client) => (
          <li key={client.id} className="flex">
            <ClientCard client={client} />
          </li>
        ))}
      </ul>
      <LoadMoreButton list={list} />
    </div>
  )
}

function NoClients({ searching }: { searching: boolean }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <Users aria-hidden="true" className="size-10 text-slate-400" />
      <h2 className="text-lg font-semibold text-slate-900">{CLIENT_MESSAGES.emptyTitle}</h2>
      <p className="text-sm text-slate-600">
        {searching ? CLIENT_MESSAGES.emptySearching : CLIENT_MESSAGES.emptyStart}
      </p>
    </Card>
  )
}
