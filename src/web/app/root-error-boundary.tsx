import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { buttonClasses } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { ErrorBoundary } from '#web/components/error-boundary.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import { isApiError } from '#web/lib/api.ts'
import { NotFoundPage } from './not-found-page.tsx'

/** Last stop for a failed query or a page that could not load: say so and offer a way on. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error) =>
        isApiError(error, 404) ? (
          <NotFoundPage />
        ) : (
          <CenteredPage>
            <ErrorCard error={error} />
          </CenteredPage>
        )
      }
    >
      {children}
    </ErrorBoundary>
  )
}

/** The same message inside the shell, so the menu stays usable. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error) => (
        <div className="mx-auto w-full max-w-md">
          <ErrorCard error={error} />
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  )
}

function ErrorCard({ error }: { error: unknown }) {
  return (
    <Card role="alert">
      <CardHeader>
        <CardTitle as="h1">Something went wrong</CardTitle>
        <CardDescription>{describeError(error)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/" className={buttonClasses('outline')}>
          Back to Dashboard
        </Link>
      </CardContent>
    </Card>
  )
}

function describeError(error: unknown): string {
  if (isApiError(error)) return error.message
  return 'The page could not be shown. Reload it, or go back to the dashboard.'
}
