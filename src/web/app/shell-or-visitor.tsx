import { lazy, Suspense } from 'react'
import { Outlet } from 'react-router'
import { PageSpinner } from '#web/components/spinner.tsx'
import { Shell } from '#web/layout/shell.tsx'
import { useSignedInUser } from '#web/lib/current-user.ts'

// Visitors are rare here (mostly people who cannot sign in): their frame loads only for them.
const VisitorFrame = lazy(() =>
  import('#web/layout/visitor-frame.tsx').then((m) => ({ default: m.VisitorFrame })),
)

/**
 * Every menu screen shares this one element, so moving between them (the FAQ included) keeps the
 * shell and its assistant mounted. A visitor, let in by the gate only on the help pages, gets the
 * plain frame instead.
 */
export function ShellOrVisitor() {
  if (useSignedInUser()) return <Shell />
  return (
    <Suspense fallback={<PageSpinner />}>
      <VisitorFrame>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </VisitorFrame>
    </Suspense>
  )
}
