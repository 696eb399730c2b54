import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { BrowserRouter } from 'react-router'
import { DeferredToaster } from '#web/components/deferred-toaster.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { AppRoutes } from './router.tsx'

export function App() {
  // Created once per mounted app, so tests get a fresh cache each.
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <DeferredToaster />
    </QueryClientProvider>
  )
}
