import type { FormEvent, ReactNode } from 'react'
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
  /** The button that closes without saving; 'Cancel' unless that would read as the action itself. */
  cancelLabel?: string
  /** Holds the submit back until the form has what it needs (a figure still being worked out). */
  submitDisabled?: boolean
  /** While the save runs the submit button is disabled and says 'Saving...'. */
  pending: boolean
  /** Called with the submit event, its default already prevented (react-hook-form's handleSubmit fits). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  children: ReactNode
}

/** A dialog around one form: title, description, the fields in a two-column grid, Cancel and submit. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  cancelLabel = 'Cancel',
  submitDisabled = false,
  pending,
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
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault()
            onSubmit(event)
          }}
        >
          {children}
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {cancelLabel}
            </Button>
            <Button type="submit" disabled={pending || submitDisabled}>
              {pending ? 'Saving...' : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
