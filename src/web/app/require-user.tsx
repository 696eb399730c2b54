import { useQuery } from '@tanstack/react-query'
import { useDeferredValue } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PageSpinner } from '#web/components/spinner.tsx'
import { currentUserQuery } from '#web/features/auth/auth.queries.ts'
import { isApiError } from '#web/lib/api.ts'
import { VISITOR_PATHS } from './page-routes.tsx'

/**
 * Every screen but sign-in and signup needs a user; a 401 here just means "go and sign in", except
 * on the help pages, which a visitor may read (the FAQ) and write from (Contact).
 */
export function RequireUser() {
  const { error, status } = useQuery(currentUserQuery)
  const { pathname } = useLocation()
  // The user's arrival mounts the whole signed-in screen. A query's update renders at once, in one
  // task; the deferred status lets React build that screen in slices, answering input between them.
  const shown = useDeferredValue(status)
  if (shown === 'pending') return <PageSpinner />
  if (isApiError(error, 401))
    return VISITOR_PATHS.has(pathname) ? <Outlet /> : <Navigate to="/login" replace />
  if (error) throw error
  return <Outlet />
}
