import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { SUPPORT_STATUSES } from '#shared/contracts/contact.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card } from '#web/components/card.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { isApiError } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { type InboxFilter, supportMessagesQuery } from './support-inbox.queries.ts'
import { SupportMessageView } from './support-message-view.tsx'

const FILTERS: [InboxFilter, string][] = [
  ...SUPPORT_STATUSES.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as [InboxFilter, string]),
  ['all', 'All'],
]

/** Ours: platform staff read and answer the messages sent from the Contact page. */
export function SupportInboxPage() {
  const [filter, setFilter] = useState<InboxFilter>('open')
  const [selected, setSelected] = useState<string | null>(null)
  const list = useInfiniteQuery(supportMessagesQuery(filter))
  const rows = list.data?.pages.flatMap((page) => page.data) ?? []

  return (
    <>
      <PageHeader title="Support Inbox" subtitle="Messages sent from the Contact page" />
      {isApiError(list.error, 403) ? (
        <Alert tone="warning">Only the platform’s support staff can read the support inbox.</Alert>
      ) : (
        <>
          <fieldset aria-label="Messages to show" className="flex flex-wrap gap-2">
            {FILTERS.map(([value, label]) => (
              <Button
                key={value}
                size="sm"
                variant={filter === value ? 'primary' : 'outline'}
                aria-pressed={filter === value}
                onClick={() => setFilter(value)}
              >
                {label}
              </Button>
            ))}
          </fieldset>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <Card className="self-start">
              {list.isPending ? (
                <Spinner label="Loading messages" className="m-6" />
              ) : rows.length === 0 ? (
                <p className="p-6 text-sm text-slate-600">No messages here.</p>
              ) : (
                <ul aria-label="Support messages" className="divide-y divide-slate-200">
                  {rows.map((row) => (
                    <li key={row.id}>
                      <button
                        type="button"
                        aria-current={selected === row.id || undefined}
                        onClick={() => setSelected(row.id)}
                        className={cn(
                          'grid w-full gap-0.5 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-violet-700',
                          selected === row.id && 'bg-violet-50',
                        )}
                      >
                        <span className="truncate text-sm font-medium text-slate-900">{row.subject}</span>
                        <span className="truncate text-xs text-slate-600">
                          {row.reference} · {row.name} · {row.priority} · {formatDateTime(row.createdAt)}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="grid p-2">
                <LoadMoreButton list={list} />
              </div>
            </Card>
            {selected ? (
              <SupportMessageView key={selected} id={selected} />
            ) : (
              <p className="text-sm text-slate-600">Choose a message to read and answer it.</p>
            )}
          </div>
        </>
      )}
    </>
  )
}
