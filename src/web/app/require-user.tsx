import { useQuery } from '@tanstack/react-query'
import { lazy, useDeferredValue } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PageSpinner } from '#web/components/spinner.tsx'
import { isApiError } from '#web/lib/api.ts'
import { currentUserQuery } from '#web/lib/current-user.ts'
import { VISITOR_PATHS } from './page-routes.tsx'

// Spec part 2 §2: /subscription shows a visitor the plan chooser instead of sending them to sign in.
const VisitorPlansPage = lazy(() =>
  import('#web/features/billing/visitor-plans-page.tsx').then((m) => ({ default: m.VisitorPlansPage })),
)

/**
 * Every screen but sign-in and signup needs a user; a 401 here just means "go and sign in", except
 * on the help pages, which a visitor may read (the FAQ) and write from (Contact), and on
 * /subscription, which shows a visitor the plans.
 */
export function RequireUser() {
  const { error, status } = useQuery(currentUserQuery)
  const { pathname } = useLocation()
  // The user's arrival mounts the whole signed-in screen. A query's update renders at once, in one
  // task; the deferred status lets React build that screen in slices, answering input between them.
  const shown = useDeferredValue(status)
  if (shown === 'pending') return <PageSpinner />
  if (isApiError(error, 401)) {
    if (pathname.replace(/\/$/, '') === '/subscription') return <VisitorPlansPage />
    return VISITOR_PATHS.has(pathname) ? <Outlet /> : <Navigate to="/login" replace />
  }
  if (error) throw error
  return <Outlet />
}
