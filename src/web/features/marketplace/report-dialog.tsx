import { useId, useState } from 'react'
import { LIMITS, MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import { MODERATION_TEXTS as M } from '#shared/contracts/marketplace-community.contract.ts'
import { Button } from '#web/components/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'
import { Field } from '#web/components/field.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useDeleteItem, useReportItem } from './marketplace.queries.ts'

interface TargetDialogProps {
  kind: ItemKind
  item: { id: string; title: string } | null
  onClose: () => void
}

const failed = (error: unknown) =>
  showToast({
    title: 'Error',
    description: isApiError(error) ? error.message : T.failed,
    variant: 'destructive',
  })

/** Any reader reports an item, with an optional reason. */
export function ReportDialog({ kind, item, onClose }: TargetDialogProps) {
  const id = useId()
  const report = useReportItem(kind)
  const [reason, setReason] = useState('')
  function close() {
    setReason('')
    onClose()
  }
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{M.reportTitle}</DialogTitle>
          <DialogDescription>
            “{item?.title}”. Reports from three agencies hide it until a moderator looks.
          </DialogDescription>
        </DialogHeader>
        <Field id={`${id}-reason`} label="Reason (optional)" hint={M.reportHint}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={LIMITS.reportReason}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={report.isPending}
            onClick={() =>
              item &&
              report.mutate(
                { id: item.id, reason },
                {
                  onSuccess: () => {
                    showToast({ title: 'Reported', description: T.reported, variant: 'success' })
                    close()
                  },
                  onError: failed,
                },
              )
            }
          >
            {M.report}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** The author confirms deleting their item. */
export function DeleteDialog({ kind, item, onClose }: TargetDialogProps) {
  const remove = useDeleteItem(kind)
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this?</DialogTitle>
          <DialogDescription>
            “{item?.title}” and its votes and replies are removed for everyone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              item &&
              remove.mutate(item.id, {
                onSuccess: () => {
                  showToast({ title: 'Deleted', variant: 'success' })
                  onClose()
                },
                onError: failed,
              })
            }
          >
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
