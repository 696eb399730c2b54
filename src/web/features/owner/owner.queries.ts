import { queryOptions } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type { getOwnerDashboardCall } from '#shared/contracts/owner.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const getOwnerDashboardRoute = routeOf<typeof getOwnerDashboardCall>('GET', '/api/owner/dashboard')

export const ownerDashboardQuery = () =>
  queryOptions({
    queryKey: queryKeys.ownerDashboard,
    queryFn: ({ signal }) => callApi(getOwnerDashboardRoute, { signal }),
    // A 403 will not turn into a 200 by asking again.
    retry: false,
  })
