import { type ComponentType, useEffect, useState } from 'react'
import { whenIdle } from './when-idle.ts'

/** Chunks on their way: a test waits for them, so none arrives after its environment is gone. */
const loading = new Set<Promise<unknown>>()

/** Resolves once every chunk a deferred component started loading has arrived (or failed). */
export async function deferredLoadsSettled(): Promise<void> {
  while (loading.size > 0) await Promise.allSettled([...loading])
}

/**
 * A component from a chunk of its own, loaded once the page is idle, or at once when `needNow`
 * turns true (the user asked for it first). Undefined until it has loaded. `beforeShow` runs just
 * before the component replaces what stood in for it (to note where the focus was).
 */
export function useDeferredComponent<P>(
  load: () => Promise<ComponentType<P>>,
  needNow: boolean,
  beforeShow?: () => void,
) {
  const [Component, setComponent] = useState<ComponentType<P>>()
  useEffect(() => {
    if (Component) return
    let active = true
    const start = () => {
      const loaded = load()
      loading.add(loaded)
      void loaded.finally(() => loading.delete(loaded)).catch(() => {})
      return loaded.then((component) => {
        if (!active) return
        beforeShow?.()
        setComponent(() => component)
      })
    }
    let cancel: (() => void) | undefined
    if (needNow) start()
    else cancel = whenIdle(start)
    return () => {
      active = false
      cancel?.()
    }
  }, [Component, load, needNow, beforeShow])
  return Component
}
