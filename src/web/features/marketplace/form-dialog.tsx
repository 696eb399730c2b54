import type { FormEventHandler, ReactNode } from 'react'
import { Button } from '#web/components/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'

interface FormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  submitLabel: string
  saving: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  children: ReactNode
}

/** A marketplace dialog: its fields, Cancel, and the submit button that says what it does. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  saving,
  onSubmit,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
          {children}
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** The hint under a comma-list field (spec part 3 §5). */
export const COMMA_HINT = 'Separate with commas'
