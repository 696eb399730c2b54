import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { loadThirdPartyTag, recordPageView } from './page-views.ts'

/** In the signed-in shell: one page view per path the user opens (a change of query alone is not one). */
export function PageViewTracker() {
  const { pathname } = useLocation()
  useEffect(() => {
    void loadThirdPartyTag()
  }, [])
  useEffect(() => {
    recordPageView(pathname)
  }, [pathname])
  return null
}
