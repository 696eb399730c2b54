import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { whenIdle } from '#web/lib/when-idle.ts'
import { loadThirdPartyTag, recordPageView } from './page-views.ts'

/**
 * In the signed-in shell: one page view per path the user opens (a change of query alone is not
 * one). Sent once the page has loaded, so it does not compete with the page's own requests. A view
 * still waiting is not dropped when the path changes (a page left at once still counts), only when
 * the shell goes (signing out).
 */
export function PageViewTracker() {
  const { pathname } = useLocation()
  const waiting = useRef(new Set<() => void>())
  useEffect(() => whenIdle(() => void loadThirdPartyTag()), [])
  useEffect(() => {
    const cancel = whenIdle(() => {
      waiting.current.delete(cancel)
      recordPageView(pathname)
    })
    waiting.current.add(cancel)
  }, [pathname])
  useEffect(() => {
    const views = waiting.current
    return () => {
      for (const cancel of views) cancel()
    }
  }, [])
  return null
}
