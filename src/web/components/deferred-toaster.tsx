import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react'
import { getCurrentToast, subscribeToToasts } from '#web/lib/toast-store.ts'
import { whenIdle } from '#web/lib/when-idle.ts'

/**
 * The toaster, loaded after the first screen (Radix's toast is about 8 KB compressed that no
 * first screen shows), or at once if a toast comes first: the store keeps it until then.
 */
export function DeferredToaster() {
  const [Toaster, setToaster] = useState<ComponentType>()
  const toast = useSyncExternalStore(subscribeToToasts, getCurrentToast, getCurrentToast)
  useEffect(() => {
    if (Toaster) return
    let active = true
    const load = () =>
      import('./toaster.tsx').then((m) => {
        if (active) setToaster(() => m.Toaster)
      })
    if (toast) load()
    else whenIdle(load)
    return () => {
      active = false
    }
  }, [Toaster, toast])
  return Toaster ? <Toaster /> : null
}
