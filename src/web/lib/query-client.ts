import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { handleSessionExpiry } from './session-expiry.ts'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta
    mutationMeta: CallMeta
  }
}

interface CallMeta extends Record<string, unknown> {
  /** A 401 here is an answer, not an expired session (the current-user check, the login form). */
  unauthorizedIsExpected?: boolean
}

/** The spec's data defaults: nothing refetches by itself, nothing goes stale, nothing retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.unauthorizedIsExpected) handleSessionExpiry(error)
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!mutation.meta?.unauthorizedIsExpected) handleSessionExpiry(error)
      },
    }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}
