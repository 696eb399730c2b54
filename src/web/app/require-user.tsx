import { useQuery } from '@tanstack/react-query'
import { lazy, useDeferredValue } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PageSpinner } from '#web/components/spinner.tsx'
import { currentUserQuery } from '#web/features/auth/auth.queries.ts'
import { isApiError } from '#web/lib/api.ts'

// Spec part 2 §2: /subscription shows a visitor the plan chooser instead of sending them to sign in.
const VisitorPlansPage = lazy(() =>
  import('#web/features/billing/visitor-plans-page.tsx').then((m) => ({ default: m.VisitorPlansPage })),
)

/** Every screen but sign-in and signup needs a user; a 401 here just means "go and sign in". */
export function RequireUser() {
  const { error, status } = useQuery(currentUserQuery)
  const { pathname } = useLocation()
  // The user's arrival mounts the whole signed-in screen. A query's update renders at once, in one
  // task; the deferred status lets React build that screen in slices, answering input between them.
  const shown = useDeferredValue(status)
  if (shown === 'pending') return <PageSpinner />
  if (isApiError(error, 401))
    return pathname.replace(/\/$/, '') === '/subscription' ? (
      <VisitorPlansPage />
    ) : (
      <Navigate to="/login" replace />
    )
  if (error) throw error
  return <Outlet />
}
