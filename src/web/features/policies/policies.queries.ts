import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import type { z } from 'zod'
import type { listAgencyUsersCall } from '#shared/contracts/agency-users.contract.ts'
import { type CallBody, routeOf } from '#shared/contracts/call.ts'
import type {
  Cancellation,
  cancelPolicyCall,
  createPolicyCall,
  endorsePolicyCall,
  getPolicyCall,
  listPoliciesCall,
  Policy,
  PolicyFiltersSchema,
  PolicyInput,
  previewCancellationCall,
  reinstatePolicyCall,
} from '#shared/contracts/policies.contract.ts'
import { POLICIES_EXPORT_PATH } from '#shared/contracts/policies-texts.ts'
import { buildUrl, callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const listPoliciesRoute = routeOf<typeof listPoliciesCall>('GET', '/api/policies')
const getPolicyRoute = routeOf<typeof getPolicyCall>('GET', '/api/policies/:id')
const createPolicyRoute = routeOf<typeof createPolicyCall>('POST', '/api/policies')
const endorsePolicyRoute = routeOf<typeof endorsePolicyCall>('POST', '/api/policies/:id/endorsements')
const previewCancellationRoute = routeOf<typeof previewCancellationCall>(
  'POST',
  '/api/policies/:id/cancel/preview',
)
const cancelPolicyRoute = routeOf<typeof cancelPolicyCall>('POST', '/api/policies/:id/cancel')
const reinstatePolicyRoute = routeOf<typeof reinstatePolicyCall>('POST', '/api/policies/:id/reinstate')
const listAgencyUsersRoute = routeOf<typeof listAgencyUsersCall>('GET', '/api/agency/users')

/** The list's filters as the address and the call carry them (the sort may be left to the server). */
export type PolicyFilters = Omit<z.input<typeof PolicyFiltersSchema>, 'clientId'>
export type EndorsementInput = CallBody<typeof endorsePolicyCall>

export const policyKeys = {
  all: queryKeys.policies,
  list: (filters: PolicyFilters) => ['policies', 'list', filters] as const,
  client: (clientId: string) => ['policies', 'client', clientId] as const,
  detail: (id: string) => ['policies', 'detail', id] as const,
  documents: (id: string) => ['policies', 'documents', id] as const,
  history: (id: string) => ['policies', 'history', id] as const,
  preview: (id: string, input: Cancellation) => ['policies', 'preview', id, input] as const,
  producers: ['policies', 'producers'] as const,
}

export const POLICY_PAGE_SIZE = 25
/** A client holds a handful of policies; past this the section links to the filtered list. */
export const CLIENT_POLICIES_SHOWN = 20

export function policyListQuery(filters: PolicyFilters) {
  return infiniteQueryOptions({
    queryKey: policyKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      callApi(listPoliciesRoute, {
        query: { ...filters, limit: POLICY_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export function clientPoliciesQuery(clientId: string) {
  return queryOptions({
    queryKey: policyKeys.client(clientId),
    queryFn: ({ signal }) =>
      callApi(listPoliciesRoute, {
        query: { clientId, sort: '-created', limit: CLIENT_POLICIES_SHOWN },
        signal,
      }),
  })
}

export function policyQuery(id: string) {
  return queryOptions({
    queryKey: policyKeys.detail(id),
    queryFn: ({ signal }) => callApi(getPolicyRoute, { params: { id }, signal }),
  })
}

/** The agency's people, for the producer filter and picker (an agent gets only themselves). */
export const producersQuery = queryOptions({
  queryKey: policyKeys.producers,
  queryFn: ({ signal }) => callApi(listAgencyUsersRoute, { signal }).then((answer) => answer.users),
  staleTime: 5 * 60_000,
})

/** What the cancellation would return; asked again as the dialog's fields change. */
export function cancellationPreviewQuery(id: string, input: Cancellation) {
  return queryOptions({
    queryKey: policyKeys.preview(id, input),
    queryFn: ({ signal }) => callApi(previewCancellationRoute, { params: { id }, body: input, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  })
}

/** The CSV of the filtered list: the same filters as the screen, without paging. */
export function policiesExportUrl(filters: PolicyFilters): string {
  return buildUrl(POLICIES_EXPORT_PATH, undefined, filters)
}

/** Lists that show a policy's figures: they ask again after a change. */
const LISTED = new Set(['list', 'client'])

/**
 * The answer is the policy as it now stands: the page shows it at once, the lists and its history
 * ask again, and the cancellation previews of the old policy are dropped (asked again, a
 * cancelled one refuses).
 */
function useShowChangedPolicy() {
  const queryClient = useQueryClient()
  return (policy: Policy) => {
    queryClient.setQueryData(policyKeys.detail(policy.id), policy)
    queryClient.removeQueries({ queryKey: ['policies', 'preview', policy.id] })
    return Promise.all([
      queryClient.invalidateQueries({
        queryKey: policyKeys.all,
        predicate: (query) => LISTED.has(String(query.queryKey[1])),
      }),
      queryClient.invalidateQueries({ queryKey: policyKeys.history(policy.id) }),
    ])
  }
}

export function useCreatePolicy() {
  const show = useShowChangedPolicy()
  return useMutation({
    mutationFn: (input: PolicyInput) => callApi(createPolicyRoute, { body: input }),
    onSuccess: show,
  })
}

export function useEndorsePolicy(id: string) {
  const show = useShowChangedPolicy()
  return useMutation({
    mutationFn: (input: EndorsementInput) => callApi(endorsePolicyRoute, { params: { id }, body: input }),
    onSuccess: show,
  })
}

export function useCancelPolicy(id: string) {
  const show = useShowChangedPolicy()
  return useMutation({
    mutationFn: (input: Cancellation) => callApi(cancelPolicyRoute, { params: { id }, body: input }),
    onSuccess: (answer) => show(answer.policy),
  })
}

export function useReinstatePolicy(id: string) {
  const show = useShowChangedPolicy()
  return useMutation({
    mutationFn: () => callApi(reinstatePolicyRoute, { params: { id }, body: {} }),
    onSuccess: show,
  })
}
