import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type { CurrentUser, currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const currentUserRoute = routeOf<typeof currentUserCall>('GET', '/api/auth/user')

/**
 * The signed-in user; a 401 simply means nobody is signed in (spec: no retry). Every page asks for
 * it first, by its route: the shell loads no schema. The gate, the shell and most features read it,
 * so it lives here rather than in the auth feature, which would otherwise sit under all of them
 * (and in a cycle with billing, whose checkout the signup uses).
 */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => callApi(currentUserRoute, { signal }),
  meta: { unauthorizedIsExpected: true },
})

/** Inside the signed-in area the gate has already loaded the user. */
export function useCurrentUser(): CurrentUser {
  return useSuspenseQuery(currentUserQuery).data
}

/**
 * The user the gate loaded, or undefined for a visitor on the help pages. Reads the cache only: a
 * visitor's 401 is not fetched again by each component that asks (which would loop the gate).
 */
export function useSignedInUser(): CurrentUser | undefined {
  return useQuery({ ...currentUserQuery, enabled: false }).data
}
