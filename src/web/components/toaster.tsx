import * as ToastPrimitive from '@radix-ui/react-toast'
import { X } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { cn } from '#web/lib/cn.ts'
import { dismissToast, getCurrentToast, subscribeToToasts, type ToastVariant } from '#web/lib/toast-store.ts'

/** Spec part 1 §9: one toast at a time, shown for 5 seconds. */
export const TOAST_DURATION_MS = 5000

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-green-300 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-700 text-white',
}

export function Toaster() {
  const toast = useSyncExternalStore(subscribeToToasts, getCurrentToast, getCurrentToast)
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} label="Alert" swipeDirection="right">
      {toast && (
        <ToastPrimitive.Root
          key={toast.id}
          data-toast=""
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id)
          }}
          className={cn(
            'relative grid gap-1 rounded-lg border p-4 pr-10 shadow-lg',
            VARIANT_CLASSES[toast.variant],
          )}
        >
          <ToastPrimitive.Title className="text-sm font-semibold">{toast.title}</ToastPrimitive.Title>
          {toast.description && (
            <ToastPrimitive.Description className="text-sm opacity-95">
              {toast.description}
            </ToastPrimitive.Description>
          )}
          <ToastPrimitive.Close
            aria-label="Dismiss"
            className="absolute top-1 right-1 inline-flex size-11 sm:size-8 items-center justify-center rounded-md hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-current"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      {/* At the top on phones: there dialogs fill the screen and keep their actions at the bottom. */}
      <ToastPrimitive.Viewport
        label="Alerts ({hotkey})"
        className="fixed top-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0"
      />
    </ToastPrimitive.Provider>
  )
}
