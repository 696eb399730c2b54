import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  cancelSecondStepCall,
  SecondStepInput,
  secondStepCall,
  signInEnrolCall,
  signInEnrolmentCall,
} from '#shared/contracts/auth-security.contract.ts'
import { routeOf } from '#shared/contracts/call.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const cancelSecondStepRoute = routeOf<typeof cancelSecondStepCall>('DELETE', '/api/auth/login/two-factor')
const secondStepRoute = routeOf<typeof secondStepCall>('POST', '/api/auth/login/two-factor')
const signInEnrolRoute = routeOf<typeof signInEnrolCall>('POST', '/api/auth/login/two-factor/enrolment')
const signInEnrolmentRoute = routeOf<typeof signInEnrolmentCall>(
  'GET',
  '/api/auth/login/two-factor/enrolment',
)

/** The second step of sign-in: a 401 here means the pending sign-in expired, not a lost session. */
export function useSecondStepMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SecondStepInput) => callApi(secondStepRoute, { body: input }),
    meta: { unauthorizedIsExpected: true },
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.currentUser, user),
  })
}

/** The secret being enrolled at sign-in; fetched once (a refetch would show the same secret anyway). */
export const signInEnrolmentQuery = queryOptions({
  queryKey: ['auth', 'sign-in-enrolment'] as const,
  queryFn: ({ signal }) => callApi(signInEnrolmentRoute, { signal }),
  meta: { unauthorizedIsExpected: true },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
  retry: false,
})

export function useSignInEnrolMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => callApi(signInEnrolRoute, { body: { code } }),
    meta: { unauthorizedIsExpected: true },
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.currentUser, user),
  })
}

/** "Start over": the server ends the pending sign-in and clears its cookie; the page goes back at once. */
export function useCancelSecondStepMutation() {
  return useMutation({
    mutationFn: () => callApi(cancelSecondStepRoute),
    meta: { unauthorizedIsExpected: true },
  })
}
