import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  ApplicationFiltersSchema,
  applicationSummaryCall,
  CreateApplicationInput,
  createApplicationCall,
  getApplicationCall,
  listApplicationsCall,
  updateApplicationCall,
} from '#shared/contracts/applications.contract.ts'
import { type CallBody, routeOf } from '#shared/contracts/call.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const applicationSummaryRoute = routeOf<typeof applicationSummaryCall>('GET', '/api/applications/summary')
const createApplicationRoute = routeOf<typeof createApplicationCall>('POST', '/api/applications')
const getApplicationRoute = routeOf<typeof getApplicationCall>('GET', '/api/applications/:id')
const listApplicationsRoute = routeOf<typeof listApplicationsCall>('GET', '/api/applications')
const updateApplicationRoute = routeOf<typeof updateApplicationCall>('PUT', '/api/applications/:id')

export type ApplicationFilters = z.input<typeof ApplicationFiltersSchema>

export const applicationKeys = {
  all: ['applications'] as const,
  list: (filters: ApplicationFilters) => ['applications', 'list', filters] as const,
  recent: ['applications', 'recent'] as const,
  summary: ['applications', 'summary'] as const,
  detail: (id: string) => ['applications', 'detail', id] as const,
}

export const APPLICATION_PAGE_SIZE = 20
/** Spec part 1 §9: the dashboard shows the 5 most recent applications. */
export const RECENT_APPLICATIONS = 5

export function applicationListQuery(filters: ApplicationFilters) {
  return infiniteQueryOptions({
    queryKey: applicationKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      callApi(listApplicationsRoute, {
        query: { ...filters, limit: APPLICATION_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export const recentApplicationsQuery = queryOptions({
  queryKey: applicationKeys.recent,
  queryFn: ({ signal }) =>
    callApi(listApplicationsRoute, { query: { limit: RECENT_APPLICATIONS }, signal }).then(
      (answer) => answer.data,
    ),
})

export const applicationSummaryQuery = queryOptions({
  queryKey: applicationKeys.summary,
  queryFn: ({ signal }) => callApi(applicationSummaryRoute, { signal }),
})

export function applicationQuery(id: string) {
  return queryOptions({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => callApi(getApplicationRoute, { params: { id }, signal }),
  })
}

/** Spec part 1 §7: a successful call refreshes the applications, the stats and the clients. */
export function useRefreshAfterApplicationChange() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.clients.all }),
    ])
}

export function useCreateApplication() {
  const refresh = useRefreshAfterApplicationChange()
  return useMutation({
    mutationFn: (input: CreateApplicationInput) => callApi(createApplicationRoute, { body: input }),
    onSuccess: () => refresh(),
  })
}

export type ApplicationUpdate = CallBody<typeof updateApplicationCall>

export function useUpdateApplication(id: string) {
  const queryClient = useQueryClient()
  const refresh = useRefreshAfterApplicationChange()
  return useMutation({
    mutationFn: (update: ApplicationUpdate) =>
      callApi(updateApplicationRoute, { params: { id }, body: update }),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(id), application)
      return refresh()
    },
  })
}
