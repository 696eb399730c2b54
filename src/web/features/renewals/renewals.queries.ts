import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { listAgencyUsersCall } from '#shared/contracts/agency-users.contract.ts'
import { type CallBody, routeOf } from '#shared/contracts/call.ts'
import type {
  changeRenewalCall,
  getRenewalCall,
  listRenewalsCall,
  RenewalFilters,
  recordRenewalOfferCall,
} from '#shared/contracts/renewals.contract.ts'
import type {
  compareRenewalQuotesCall,
  RemarketInput,
  RenewInput,
  remarketRenewalCall,
  renewRenewalCall,
} from '#shared/contracts/renewals-outcomes.contract.ts'
import { RENEWALS_EXPORT_PATH } from '#shared/contracts/renewals-texts.ts'
import { isOpenStage } from '#shared/domain/renewal-pipeline.ts'
import { buildUrl, callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const listRenewalsRoute = routeOf<typeof listRenewalsCall>('GET', '/api/renewals')
const getRenewalRoute = routeOf<typeof getRenewalCall>('GET', '/api/renewals/:id')
const changeRenewalRoute = routeOf<typeof changeRenewalCall>('PATCH', '/api/renewals/:id')
const recordOfferRoute = routeOf<typeof recordRenewalOfferCall>('POST', '/api/renewals/:id/offer')
const remarketRoute = routeOf<typeof remarketRenewalCall>('POST', '/api/renewals/:id/remarket')
const compareRoute = routeOf<typeof compareRenewalQuotesCall>('GET', '/api/renewals/:id/quotes')
const renewRoute = routeOf<typeof renewRenewalCall>('POST', '/api/renewals/:id/renew')
const listAgencyUsersRoute = routeOf<typeof listAgencyUsersCall>('GET', '/api/agency/users')

/** The list's filters as the address and the call carry them (a policy's page filters by its own). */
export type RenewalListFilters = Omit<RenewalFilters, 'policyId'>
export type RenewalChangeInput = CallBody<typeof changeRenewalCall>
export type RenewalOfferEntry = CallBody<typeof recordRenewalOfferCall>

export const renewalKeys = {
  all: queryKeys.renewals,
  list: (filters: RenewalListFilters) => ['renewals', 'list', filters] as const,
  policy: (policyId: string) => ['renewals', 'policy', policyId] as const,
  detail: (id: string) => ['renewals', 'detail', id] as const,
  comparison: (id: string) => ['renewals', 'comparison', id] as const,
  assignees: ['renewals', 'assignees'] as const,
}

/** One page serves the board and the list, so switching between them asks nothing again. */
export const RENEWAL_PAGE_SIZE = 50
/** A policy has a renewal a term: this many covers its history, the open one among them. */
const POLICY_RENEWALS_SHOWN = 20

export function renewalListQuery(filters: RenewalListFilters) {
  return infiniteQueryOptions({
    queryKey: renewalKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      callApi(listRenewalsRoute, {
        query: { ...filters, limit: RENEWAL_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

/** The policy's open renewal, or null: what its page links to. */
export function openRenewalQuery(policyId: string) {
  return queryOptions({
    queryKey: renewalKeys.policy(policyId),
    queryFn: ({ signal }) =>
      callApi(listRenewalsRoute, {
        query: { policyId, limit: POLICY_RENEWALS_SHOWN },
        signal,
      }).then((page) => page.renewals.find((renewal) => isOpenStage(renewal.stage)) ?? null),
  })
}

export function renewalQuery(id: string) {
  return queryOptions({
    queryKey: renewalKeys.detail(id),
    queryFn: ({ signal }) => callApi(getRenewalRoute, { params: { id }, signal }),
  })
}

/** The renewal offer beside the remarketed application's quotes. */
export function renewalComparisonQuery(id: string) {
  return queryOptions({
    queryKey: renewalKeys.comparison(id),
    queryFn: ({ signal }) => callApi(compareRoute, { params: { id }, signal }),
  })
}

/** The agency's people, for the assignee filter and picker (an agent gets only themselves). */
export const assigneesQuery = queryOptions({
  queryKey: renewalKeys.assignees,
  queryFn: ({ signal }) => callApi(listAgencyUsersRoute, { signal }).then((answer) => answer.users),
  staleTime: 5 * 60_000,
})

/** The CSV of the filtered list: the same filters as the screen, without paging. */
export function renewalsExportUrl(filters: RenewalListFilters): string {
  return buildUrl(RENEWALS_EXPORT_PATH, undefined, filters)
}

/**
 * After a change the renewal's page, its comparison and every list ask again: an answer carries
 * the renewal without its history, and the lists' order follows the risk and the stage.
 */
function useRefreshRenewals() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: renewalKeys.all })
}

export function useChangeRenewal(id: string) {
  const refresh = useRefreshRenewals()
  return useMutation({
    mutationFn: (change: RenewalChangeInput) => callApi(changeRenewalRoute, { params: { id }, body: change }),
    onSuccess: refresh,
  })
}

export function useRecordOffer(id: string) {
  const refresh = useRefreshRenewals()
  return useMutation({
    mutationFn: (offer: RenewalOfferEntry) => callApi(recordOfferRoute, { params: { id }, body: offer }),
    onSuccess: refresh,
  })
}

export function useRemarketRenewal(id: string) {
  const refresh = useRefreshRenewals()
  return useMutation({
    mutationFn: (input: RemarketInput) => callApi(remarketRoute, { params: { id }, body: input }),
    onSuccess: refresh,
  })
}

export function useRenewRenewal(id: string) {
  const queryClient = useQueryClient()
  const refresh = useRefreshRenewals()
  return useMutation({
    mutationFn: (input: RenewInput) => callApi(renewRoute, { params: { id }, body: input }),
    // The policy gains a term (or a new one is bound): the book's lists ask again too.
    onSuccess: () =>
      Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: queryKeys.policies })]),
  })
}
