import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  type ClientInput,
  clientSummaryCall,
  createClientCall,
  getClientCall,
  listClientsCall,
  revealClientFieldCall,
  type SensitiveClientField,
  updateClientCall,
} from '#shared/contracts/clients.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const clientKeys = queryKeys.clients

/** Cards per page; 24 fills whole rows of one, two or three columns. */
export const CLIENT_PAGE_SIZE = 24

export function clientListQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: clientKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      callApi(listClientsCall, {
        query: { q: q || undefined, limit: CLIENT_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export const clientSummaryQuery = queryOptions({
  queryKey: clientKeys.summary,
  queryFn: ({ signal }) => callApi(clientSummaryCall, { signal }),
})

export function clientQuery(id: string) {
  return queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => callApi(getClientCall, { params: { id }, signal }),
  })
}

export function useCreateClientMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ClientInput) => callApi(createClientCall, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  })
}

export function useUpdateClientMutation(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ClientInput) => callApi(updateClientCall, { params: { id }, body: input }),
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
      callApi(revealClientFieldCall, { params: { id }, body: { field } }),
    gcTime: 0,
  })
}
