import { useSyncExternalStore } from 'react'
import { getCurrentToast, subscribeToToasts } from '#web/lib/toast-store.ts'
import { useDeferredComponent } from '#web/lib/use-deferred-component.ts'

const loadToaster = () => import('./toaster.tsx').then((m) => m.Toaster)

/**
 * The toaster, loaded after the first screen (Radix's toast is about 8 KB compressed that no
 * first screen shows), or at once if a toast comes first: the store keeps it until then.
 */
export function DeferredToaster() {
  const toast = useSyncExternalStore(subscribeToToasts, getCurrentToast, getCurrentToast)
  const Toaster = useDeferredComponent(loadToaster, toast !== null)
  return Toaster ? <Toaster /> : null
}
