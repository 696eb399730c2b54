import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  ClientInput,
  clientSummaryCall,
  createClientCall,
  getClientCall,
  listClientsCall,
  revealClientFieldCall,
  SensitiveClientField,
  updateClientCall,
} from '#shared/contracts/clients.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const clientSummaryRoute = routeOf<typeof clientSummaryCall>('GET', '/api/clients/summary')
const createClientRoute = routeOf<typeof createClientCall>('POST', '/api/clients')
const getClientRoute = routeOf<typeof getClientCall>('GET', '/api/clients/:id')
const listClientsRoute = routeOf<typeof listClientsCall>('GET', '/api/clients')
const revealClientFieldRoute = routeOf<typeof revealClientFieldCall>('POST', '/api/clients/:id/reveal')
const updateClientRoute = routeOf<typeof updateClientCall>('PUT', '/api/clients/:id')

const clientKeys = queryKeys.clients

/** Cards per page; 24 fills whole rows of one, two or three columns. */
export const CLIENT_PAGE_SIZE = 24

export function clientListQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: clientKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      callApi(listClientsRoute, {
        query: { q: q || undefined, limit: CLIENT_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export const clientSummaryQuery = queryOptions({
  queryKey: clientKeys.summary,
  queryFn: ({ signal }) => callApi(clientSummaryRoute, { signal }),
})

export function clientQuery(id: string) {
  return queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => callApi(getClientRoute, { params: { id }, signal }),
  })
}

export function useCreateClientMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ClientInput) => callApi(createClientRoute, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  })
}

export function useUpdateClientMutation(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ClientInput) => callApi(updateClientRoute, { params: { id }, body: input }),
    onSuccess: async (client) => {
      queryClient.setQueryData(clientKeys.detail(id), client)
      await queryClient.invalidateQueries({ queryKey: clientKeys.all, refetchType: 'none' })
    },
  })
}

/**
 * A revealed value lives only in the component that asked for it: the mutation is dropped from
 * the cache as soon as that component goes (gcTime 0) and is never written to a query.
 */
export function useRevealClientField(id: string) {
  return useMutation({
    mutationFn: (field: SensitiveClientField) =>
      callApi(revealClientFieldRoute, { params: { id }, body: { field } }),
    gcTime: 0,
  })
}
