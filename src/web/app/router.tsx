import { createBrowserRouter, type RouteObject } from 'react-router'
import { PageSpinner } from '#web/components/spinner.tsx'
import { Shell } from '#web/layout/shell.tsx'
import { NotFoundPage } from './not-found-page.tsx'
import { PAYMENT_ROUTES, PUBLIC_ROUTES, SHELL_ROUTES } from './page-routes.ts'
import { RequireUser } from './require-user.tsx'
import { RootErrorBoundary, RouteErrorBoundary } from './root-error-boundary.tsx'
import { RootLayout } from './root-layout.tsx'

export const APP_ROUTES: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: PageSpinner,
    children: [
      ...PUBLIC_ROUTES,
      {
        Component: RequireUser,
        children: [
          ...PAYMENT_ROUTES,
          // The inner boundary keeps the menu on screen when one page fails.
          { Component: Shell, children: [{ ErrorBoundary: RouteErrorBoundary, children: SHELL_ROUTES }] },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(APP_ROUTES)
}
