import { type RefObject, useEffect } from 'react'

/** How long an item must stay on screen to count as seen. */
const SEEN_AFTER_MS = 1500
const seenThisSession = new Set<string>()

/**
 * Calls `onSeen` once when the element has been at least half on screen for 1.5 s: a view of a
 * practice or post is a reader who had it in front of them (decision 019). Once per item per page
 * load; the server counts each reader once anyway.
 */
export function useSeen(ref: RefObject<Element | null>, id: string, onSeen: (id: string) => void) {
  useEffect(() => {
    const element = ref.current
    if (!element || seenThisSession.has(id) || typeof IntersectionObserver === 'undefined') return
    let timer: number | undefined
    const observer = new IntersectionObserver(
      ([entry]) => {
        window.clearTimeout(timer)
        if (!entry?.isIntersecting) return
        timer = window.setTimeout(() => {
          if (seenThisSession.has(id)) return
          seenThisSession.add(id)
          observer.disconnect()
          onSeen(id)
        }, SEEN_AFTER_MS)
      },
      { threshold: 0.5 },
    )
    observer.observe(element)
    return () => {
      window.clearTimeout(timer)
      observer.disconnect()
    }
  }, [ref, id, onSeen])
}
