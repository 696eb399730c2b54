import { Flag, Pencil, Trash2 } from 'lucide-react'
import { MODERATION_TEXTS } from '#shared/contracts/marketplace-community.contract.ts'
import { Button } from '#web/components/button.tsx'

/** What a card lets its reader do besides voting. */
export interface ItemHandlers<T> {
  onEdit: (item: T) => void
  onDelete: (item: T) => void
  onReport: (item: T) => void
}

/** The author edits or deletes their own item; anyone else may report it. */
export function ItemActions<T extends { isMine: boolean; title: string }>({
  item,
  handlers,
}: {
  item: T
  handlers: ItemHandlers<T>
}) {
  if (!item.isMine)
    return (
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Report “${item.title}”`}
        onClick={() => handlers.onReport(item)}
      >
        <Flag aria-hidden="true" />
        {MODERATION_TEXTS.report}
      </Button>
    )
  return (
    <div className="flex items-center gap-1">
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Edit “${item.title}”`}
        onClick={() => handlers.onEdit(item)}
      >
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Delete “${item.title}”`}
        onClick={() => handlers.onDelete(item)}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    </div>
  )
}
