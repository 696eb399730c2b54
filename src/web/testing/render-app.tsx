import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { APP_ROUTES } from '#web/app/router.tsx'
import { Toaster } from '#web/components/toaster.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'

/** Renders the whole app (real routes, real query defaults) at one address. */
export function renderApp(path: string) {
  const queryClient = createQueryClient()
  const router = createMemoryRouter(APP_ROUTES, { initialEntries: [path] })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...view, router, queryClient }
}
