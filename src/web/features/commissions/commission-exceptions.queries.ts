import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  CommissionSettings,
  exceptionCandidatesCall,
  getCommissionSettingsCall,
  listExceptionsCall,
  putCommissionSettingsCall,
  ResolveExceptionInput,
  resolveExceptionCall,
} from '#shared/contracts/commissions-statements.contract.ts'
import type { ExceptionKind } from '#shared/contracts/commissions-statements-texts.ts'
import { callApi } from '#web/lib/api.ts'

const listRoute = routeOf<typeof listExceptionsCall>('GET', '/api/commissions/exceptions')
const resolveRoute = routeOf<typeof resolveExceptionCall>('POST', '/api/commissions/exceptions/:id/resolve')
const candidatesRoute = routeOf<typeof exceptionCandidatesCall>(
  'GET',
  '/api/commissions/exceptions/:id/candidates',
)
const getSettingsRoute = routeOf<typeof getCommissionSettingsCall>('GET', '/api/commissions/settings')
const putSettingsRoute = routeOf<typeof putCommissionSettingsCall>('PUT', '/api/commissions/settings')

export interface ExceptionFilters {
  status: 'open' | 'resolved'
  kind?: ExceptionKind
  carrierId?: string
}

export const exceptionKeys = {
  all: ['commissions', 'exceptions'] as const,
  list: (filters: ExceptionFilters) => ['commissions', 'exceptions', 'list', filters] as const,
  candidates: (id: string, q: string) => ['commissions', 'exceptions', 'candidates', id, q] as const,
  settings: ['commissions', 'settings'] as const,
}

/** The queue under the filters; the last answer stays on screen while a new filter loads. */
export function exceptionsQuery(filters: ExceptionFilters) {
  return queryOptions({
    queryKey: exceptionKeys.list(filters),
    queryFn: ({ signal }) => callApi(listRoute, { query: filters, signal }),
    placeholderData: keepPreviousData,
  })
}

/** Policies of the exception's carrier a line can be matched to, by number or insured. */
export function candidatesQuery(id: string, q: string) {
  return queryOptions({
    queryKey: exceptionKeys.candidates(id, q),
    queryFn: ({ signal }) => callApi(candidatesRoute, { params: { id }, query: { q }, signal }),
    placeholderData: keepPreviousData,
  })
}

/** A resolution changes the queue, its counts and what a policy's expected rows have been paid. */
export function useResolveException() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ResolveExceptionInput }) =>
      callApi(resolveRoute, { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['commissions'] }),
  })
}

/** The agency's reconciliation settings and whether the caller may change them. */
export const commissionSettingsQuery = queryOptions({
  queryKey: exceptionKeys.settings,
  queryFn: ({ signal }) => callApi(getSettingsRoute, { signal }),
})

export function useSaveCommissionSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CommissionSettings) => callApi(putSettingsRoute, { body: input }),
    onSuccess: (answer) => queryClient.setQueryData(exceptionKeys.settings, answer),
  })
}
