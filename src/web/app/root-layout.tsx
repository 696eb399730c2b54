import { lazy, Suspense, useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PageSpinner } from '#web/components/spinner.tsx'
import { readGoogleSuccess } from '#web/features/auth/google-success.ts'
import { RootErrorBoundary } from './root-error-boundary.tsx'

// Shown once, after a Google sign-in: it loads then, not with every first screen.
const GoogleSuccessScreen = lazy(() =>
  import('#web/features/auth/google-success-screen.tsx').then((m) => ({ default: m.GoogleSuccessScreen })),
)

/** Spec part 1 §2: a Google sign-in result in the query string replaces whatever page was asked for. */
export function RootLayout() {
  const { pathname, search } = useLocation()
  // A new page starts at its top, as a page load would.
  useEffect(() => {
    if (pathname) window.scrollTo(0, 0)
  }, [pathname])
  const googleAccount = readGoogleSuccess(pathname, search)
  return (
    <RootErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        {googleAccount ? <GoogleSuccessScreen account={googleAccount} /> : <Outlet />}
      </Suspense>
    </RootErrorBoundary>
  )
}
