import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  endCommissionRateCall,
  listCommissionSchedulesCall,
  SetCommissionRateInput,
  setCommissionRateCall,
} from '#shared/contracts/commissions.contract.ts'
import type {
  getPolicyCommissionCall,
  PolicyCommission,
  SetProducerSplitInput,
  SetRateOverrideInput,
  setProducerSplitCall,
  setRateOverrideCall,
} from '#shared/contracts/commissions-policies.contract.ts'
import { callApi } from '#web/lib/api.ts'

const listSchedulesRoute = routeOf<typeof listCommissionSchedulesCall>('GET', '/api/commissions/schedules')
const setRateRoute = routeOf<typeof setCommissionRateCall>('POST', '/api/commissions/schedules')
const endRateRoute = routeOf<typeof endCommissionRateCall>('POST', '/api/commissions/schedules/:id/end')
const policyCommissionRoute = routeOf<typeof getPolicyCommissionCall>(
  'GET',
  '/api/commissions/policies/:policyId',
)
const setOverrideRoute = routeOf<typeof setRateOverrideCall>(
  'PUT',
  '/api/commissions/policies/:policyId/override',
)
const setSplitRoute = routeOf<typeof setProducerSplitCall>('PUT', '/api/commissions/policies/:policyId/split')

export const commissionKeys = {
  all: ['commissions'] as const,
  schedules: ['commissions', 'schedules'] as const,
  policy: (policyId: string) => ['commissions', 'policy', policyId] as const,
}

/** The schedule: the rates in force today and the history of changes. */
export const schedulesQuery = queryOptions({
  queryKey: commissionKeys.schedules,
  queryFn: ({ signal }) => callApi(listSchedulesRoute, { signal }),
})

/** A rate set or ended: the schedule, and every policy's figures it may fill in, ask again. */
function useScheduleChange<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commissionKeys.all }),
  })
}

export function useSetRate() {
  return useScheduleChange((input: SetCommissionRateInput) => callApi(setRateRoute, { body: input }))
}

export function useEndRate() {
  return useScheduleChange(({ id, effectiveFrom }: { id: string; effectiveFrom: string }) =>
    callApi(endRateRoute, { params: { id }, body: { effectiveFrom } }),
  )
}

/** How soon to ask again while a transaction's expected commission is being recorded. */
const PENDING_POLL_MS = 1500

/**
 * A policy's commission. `ledgerSize` is its number of transactions: a change to the policy
 * writes one, and the section asks again; while one is being recorded it asks every moment.
 */
export function policyCommissionQuery(policyId: string, ledgerSize: number) {
  return queryOptions({
    queryKey: [...commissionKeys.policy(policyId), ledgerSize] as const,
    queryFn: ({ signal }) => callApi(policyCommissionRoute, { params: { policyId }, signal }),
    refetchInterval: (query) =>
      query.state.data?.transactions.some((row) => row.status === 'pending') ? PENDING_POLL_MS : false,
  })
}

/** The answer is the policy's commission as it now stands: shown at once, under every ledger size. */
function useShowPolicyCommission(policyId: string) {
  const queryClient = useQueryClient()
  return (answer: PolicyCommission) =>
    queryClient.setQueriesData<PolicyCommission>({ queryKey: commissionKeys.policy(policyId) }, answer)
}

export function useSetRateOverride(policyId: string) {
  const show = useShowPolicyCommission(policyId)
  return useMutation({
    mutationFn: (input: SetRateOverrideInput) =>
      callApi(setOverrideRoute, { params: { policyId }, body: input }),
    onSuccess: show,
  })
}

export function useSetProducerSplit(policyId: string) {
  const show = useShowPolicyCommission(policyId)
  return useMutation({
    mutationFn: (input: SetProducerSplitInput) =>
      callApi(setSplitRoute, { params: { policyId }, body: input }),
    onSuccess: show,
  })
}
