import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { RouterProvider } from 'react-router'
import { Toaster } from '#web/components/toaster.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { createAppRouter } from './router.tsx'

export function App() {
  // Created once per mounted app, so tests get a fresh cache each.
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(createAppRouter)
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  )
}
