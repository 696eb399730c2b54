import type { RenewalDetails } from '#shared/contracts/renewals.contract.ts'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'

/** What each of the renewal page's dialogs is given. */
export interface RenewalDialogProps {
  renewal: RenewalDetails
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** A refused change as a toast: the server's message for a 4xx, the title alone otherwise. */
export function toastFailure(title: string, error: unknown): void {
  showToast({
    title,
    description: isApiError(error) && error.status < 500 ? error.message : undefined,
    variant: 'destructive',
  })
}
