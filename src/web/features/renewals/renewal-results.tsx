import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { Card } from '#web/components/card.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { RenewalBoard } from './renewal-board.tsx'
import type { RenewalView } from './renewal-filters.ts'
import { RenewalList } from './renewal-list.tsx'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'
import { type RenewalListFilters, renewalListQuery } from './renewals.queries.ts'

interface RenewalResultsProps {
  filters: RenewalListFilters
  filtered: boolean
  view: RenewalView
}

/** The renewals matching the filters, a page at a time, on the board or in the list. */
export function RenewalResults({ filters, filtered, view }: RenewalResultsProps) {
  const list = useInfiniteQuery({
    ...renewalListQuery(filters),
    placeholderData: keepPreviousData,
    throwOnError: true,
  })
  if (!list.data) return <Spinner label={W.loading} className="justify-self-center py-8" />
  const renewals = list.data.pages.flatMap((page) => page.renewals)
  if (renewals.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <RefreshCw aria-hidden="true" className="size-10 text-slate-400" />
        <p className="text-sm text-slate-700">{filtered ? W.noMatches : W.none}</p>
      </Card>
    )
  }
  return (
    <div className="grid min-w-0 gap-4">
      {view === 'board' ? (
        <RenewalBoard renewals={renewals} />
      ) : (
        <RenewalList renewals={renewals} busy={list.isPlaceholderData} />
      )}
      <LoadMoreButton list={list} />
    </div>
  )
}
