import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { whenIdle } from '#web/lib/when-idle.ts'
import { loadThirdPartyTag, recordPageView } from './page-views.ts'

/**
 * In the signed-in shell: one page view per path the user opens (a change of query alone is not
 * one). Sent once the page has loaded, so it does not compete with the page's own requests; never
 * cancelled, so a page left at once still counts.
 */
export function PageViewTracker() {
  const { pathname } = useLocation()
  useEffect(() => whenIdle(() => void loadThirdPartyTag()), [])
  useEffect(() => {
    whenIdle(() => recordPageView(pathname))
  }, [pathname])
  return null
}
