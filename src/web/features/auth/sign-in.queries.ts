import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LoginInput, loginCall, SignupInput, signupCall } from '#shared/contracts/auth.contract.ts'
import { routeOf } from '#shared/contracts/call.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const loginRoute = routeOf<typeof loginCall>('POST', '/api/auth/login')
const signupRoute = routeOf<typeof signupCall>('POST', '/api/auth/signup')

// Apart from web/lib/current-user.ts (the current user, in the shell): only the sign-in pages load these.

export function useLoginMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: LoginInput) => callApi(loginRoute, { body: input }),
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
    mutationFn: (input: SignupInput) => callApi(signupRoute, { body: input }),
    meta: { unauthorizedIsExpected: true },
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.currentUser, user),
  })
}
