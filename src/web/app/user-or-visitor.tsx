import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Outlet } from 'react-router'
import { PageSpinner } from '#web/components/spinner.tsx'
import { currentUserQuery } from '#web/features/auth/auth.queries.ts'
import { Shell } from '#web/layout/shell.tsx'
import { isApiError } from '#web/lib/api.ts'

// Visitors are rare here (mostly people who cannot sign in): their frame loads only for them.
const VisitorFrame = lazy(() =>
  import('#web/layout/visitor-frame.tsx').then((m) => ({ default: m.VisitorFrame })),
)

/** The FAQ and Contact: in the shell for a signed-in user, in a plain frame for a visitor. */
export function UserOrVisitor() {
  const { error, status } = useQuery(currentUserQuery)
  if (status === 'pending') return <PageSpinner />
  if (isApiError(error, 401))
    return (
      <Suspense fallback={<PageSpinner />}>
        <VisitorFrame>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </VisitorFrame>
      </Suspense>
    )
  if (error) throw error
  return <Shell />
}
