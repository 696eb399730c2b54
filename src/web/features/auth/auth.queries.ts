import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import type { CurrentUser } from '#shared/contracts/current-user.contract.ts'
import { callApiBesideContract } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const loadCurrentUserCall = () =>
  import('#shared/contracts/current-user.contract.ts').then((m) => m.currentUserCall)

/**
 * The signed-in user; a 401 simply means nobody is signed in (spec: no retry). Every page asks for
 * it first, so its contract loads beside the request rather than in the entry chunk.
 */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => callApiBesideContract('/api/auth/user', loadCurrentUserCall, { signal }),
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
