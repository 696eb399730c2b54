import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { type CurrentUser, currentUserCall } from '#shared/contracts/current-user.contract.ts'
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
