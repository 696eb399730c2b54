import { type RouteObject, useRoutes } from 'react-router'
import { NotFoundPage } from './not-found-page.tsx'
import { HELP_ROUTES, PAYMENT_ROUTES, PUBLIC_ROUTES, preloadPage, SHELL_ROUTES } from './page-routes.tsx'
import { RequireUser } from './require-user.tsx'
import { RootLayout } from './root-layout.tsx'
import { ShellOrVisitor } from './shell-or-visitor.tsx'

/**
 * The spec's route table in React Router's declarative mode: each page a lazy chunk, error
 * boundaries of our own. The data router (loaders, lazy route objects) would add about 16 KB
 * compressed to every first load, for features this app does not use.
 */
export const APP_ROUTES: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...PUBLIC_ROUTES,
      {
        element: <RequireUser />,
        children: [
          ...PAYMENT_ROUTES,
          { element: <ShellOrVisitor />, children: [...SHELL_ROUTES, ...HELP_ROUTES] },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

/** The page at this address starts loading now, beside the user check (see preloadPage). */
export function preloadPageAt(pathname: string): void {
  preloadPage(APP_ROUTES, pathname)
}

export function AppRoutes() {
  return useRoutes(APP_ROUTES)
}
