import { useInfiniteQuery } from '@tanstack/react-query'
import { Plus, Store } from 'lucide-react'
import { type ComponentType, type ReactNode, Suspense, useState } from 'react'
import { MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Card } from '#web/components/card.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import type { ItemHandlers } from './item-actions.tsx'
import { type ItemsByKind, listQuery, type MarketplaceFilters, useVote } from './marketplace.queries.ts'
import { DeleteDialog, ReportDialog } from './report-dialog.tsx'

export interface CardProps<T> {
  item: T
  voting: boolean
  onVote: (item: T, up: boolean | null) => void
  handlers: ItemHandlers<T>
}

export interface ItemDialogProps<T> {
  open: boolean
  onOpenChange: (open: boolean) => void
  editing?: T
}

interface ItemsTabProps<K extends ItemKind> {
  kind: K
  filters: MarketplaceFilters
  /** Search or a filter is set: the empty state says so. */
  filtered: boolean
  addLabel: string
  listLabel: string
  emptyTitle: string
  /** Spec §9: 4 for reviews, 3 for the other lists. */
  skeletons: number
  Card: ComponentType<CardProps<ItemsByKind[K]>>
  Dialog: ComponentType<ItemDialogProps<ItemsByKind[K]>>
}

const SKELETON_KEYS = ['first', 'second', 'third', 'fourth']

function Skeletons({ count }: { count: number }) {
  return (
    <div className="grid gap-4" data-testid="marketplace-skeletons" aria-busy="true">
      <span className="sr-only">Loading</span>
      {SKELETON_KEYS.slice(0, count).map((key) => (
        <Card key={key} data-testid="marketplace-skeleton" className="grid gap-3 p-5">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-16 w-full" />
        </Card>
      ))}
    </div>
  )
}

function Empty({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <Store aria-hidden="true" className="size-10 text-slate-400" />
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <p className="text-sm text-slate-600">{text}</p>
      {action}
    </Card>
  )
}

/** One of the three lists: its add button and dialog, skeletons, empty state, cards and more pages. */
export function ItemsTab<K extends ItemKind>(props: ItemsTabProps<K>) {
  const { kind, Card: ItemCard, Dialog: ItemDialog } = props
  type Item = ItemsByKind[K]
  const list = useInfiniteQuery(listQuery(kind, props.filters))
  const vote = useVote(kind)
  const [dialog, setDialog] = useState<{ editing?: Item } | null>(null)
  const [deleting, setDeleting] = useState<Item | null>(null)
  const [reporting, setReporting] = useState<Item | null>(null)
  const dialogMounted = useOpenedOnce(dialog !== null)
  const items = list.data?.pages.flatMap((page) => page.data)
  const handlers: ItemHandlers<Item> = {
    onEdit: (item) => setDialog({ editing: item }),
    onDelete: setDeleting,
    onReport: setReporting,
  }
  const onVote = (item: Item, up: boolean | null) =>
    vote.mutate(
      { id: item.id, up },
      {
        onError: (error) =>
          showToast({
            title: 'Error',
            description: isApiError(error) ? error.message : T.failed,
            variant: 'destructive',
          }),
      },
    )
  const addButton = (
    <Button onClick={() => setDialog({})}>
      <Plus aria-hidden="true" />
      {props.addLabel}
    </Button>
  )

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">{addButton}</div>
      {list.isPending ? (
        <Skeletons count={props.skeletons} />
      ) : list.isError ? (
        <Card className="grid justify-items-center gap-3 p-6 text-center">
          <p className="text-sm text-red-700">{isApiError(list.error) ? list.error.message : T.failed}</p>
          <Button variant="outline" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Card>
      ) : items?.length === 0 ? (
        <Empty
          title={props.emptyTitle}
          text={props.filtered ? T.emptyFiltered : T.emptyStart}
          action={props.filtered ? null : addButton}
        />
      ) : (
        <ul aria-label={props.listLabel} className="grid gap-4">
          {items?.map((item) => (
            <li key={item.id}>
              <ItemCard
                item={item}
                voting={vote.isPending && vote.variables?.id === item.id}
                onVote={onVote}
                handlers={handlers}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton list={list} />
      {dialogMounted && (
        <Suspense fallback={null}>
          <ItemDialog
            key={dialog?.editing?.id ?? 'new'}
            open={dialog !== null}
            onOpenChange={(open) => !open && setDialog(null)}
            editing={dialog?.editing}
          />
        </Suspense>
      )}
      <DeleteDialog kind={kind} item={deleting} onClose={() => setDeleting(null)} />
      <ReportDialog kind={kind} item={reporting} onClose={() => setReporting(null)} />
    </div>
  )
}
