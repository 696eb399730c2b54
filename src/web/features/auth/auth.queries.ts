import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import {
  type CurrentUser,
  currentUserCall,
  type LoginInput,
  loginCall,
  type SignupInput,
  signupCall,
} from '#shared/contracts/auth.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

/** The signed-in user; a 401 simply means nobody is signed in (spec: no retry). */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => callApi(currentUserCall, { signal }),
  meta: { unauthorizedIsExpected: true },
})

/** Inside the signed-in area the gate has already loaded the user. */
export function useCurrentUser(): CurrentUser {
  return useSuspenseQuery(currentUserQuery).data
}

export function useLoginMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: LoginInput) => callApi(loginCall, { body: input }),
    // Wrong credentials answer 401: that is the form's message, not an expired session.
    meta: { unauthorizedIsExpected: true },
    onSuccess: (answer) => {
      if ('user' in answer) queryClient.setQueryData(queryKeys.currentUser, answer.user)
    },
  })
}

export function useSignupMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SignupInput) => callApi(signupCall, { body: input }),
    meta: { unauthorizedIsExpected: true },
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.currentUser, user),
  })
}
