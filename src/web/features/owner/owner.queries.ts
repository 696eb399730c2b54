import { queryOptions } from '@tanstack/react-query'
import { getOwnerDashboardCall } from '#shared/contracts/owner.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

export const ownerDashboardQuery = () =>
  queryOptions({
    queryKey: queryKeys.ownerDashboard,
    queryFn: ({ signal }) => callApi(getOwnerDashboardCall, { signal }),
    // A 403 will not turn into a 200 by asking again.
    retry: false,
  })
