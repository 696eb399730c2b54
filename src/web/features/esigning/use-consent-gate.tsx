import { useRef, useState } from 'react'
import { ESIGN_DISCLOSURE } from '#shared/contracts/esigning-texts.ts'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { ConsentDialog } from './consent-dialog.tsx'
import { acceptConsent, fetchConsent } from './esigning.queries.ts'

/**
 * Signing waits on the disclosure: `ensure()` answers true at once when the current version was
 * accepted, otherwise opens the dialog and answers whether the user accepted. Render `dialog`.
 */
export function useConsentGate() {
  const [open, setOpen] = useState(false)
  const pending = useRef<((accepted: boolean) => void) | null>(null)
  const settle = (accepted: boolean) => {
    pending.current?.(accepted)
    pending.current = null
    setOpen(false)
  }
  async function ensure(): Promise<boolean> {
    const state = await fetchConsent()
    if (state.accepted) return true
    setOpen(true)
    return new Promise((resolve) => {
      pending.current = resolve
    })
  }
  const dialog = (
    <ConsentDialog
      open={open}
      onCancel={() => settle(false)}
      onAccept={async () => {
        try {
          await acceptConsent({ version: ESIGN_DISCLOSURE.version })
          settle(true)
        } catch (error) {
          showToast({
            title: ESIGN_DISCLOSURE.title,
            description: isApiError(error) ? error.message : 'Please try again',
            variant: 'destructive',
          })
        }
      }}
    />
  )
  return { ensure, dialog }
}
