import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router'
import { AppRoutes } from '#web/app/router.tsx'
import { Toaster } from '#web/components/toaster.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'

/** Where the app is and a way to move it, for assertions: what tests read of the router. */
export interface TestRouter {
  readonly state: { location: Location }
  navigate(to: string): Promise<void>
}

function RouterProbe({ onChange }: { onChange: (location: Location, navigate: NavigateFunction) => void }) {
  onChange(useLocation(), useNavigate())
  return null
}

/** Renders the whole app (real routes, real query defaults) at one address. */
export function renderApp(path: string) {
  const queryClient = createQueryClient()
  let current: { location: Location; navigate: NavigateFunction } | undefined
  const router: TestRouter = {
    get state() {
      if (!current) throw new Error('The app has not rendered yet')
      return { location: current.location }
    },
    async navigate(to) {
      await current?.navigate(to)
    },
  }
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe onChange={(location, navigate) => (current = { location, navigate })} />
        <AppRoutes />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...view, router, queryClient }
}
