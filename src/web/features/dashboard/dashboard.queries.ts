import { queryOptions } from '@tanstack/react-query'
import { dashboardStatsCall, topCarriersCall } from '#shared/contracts/dashboard.contract.ts'
import { callApi } from '#web/lib/api.ts'

export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: ['dashboard', 'stats'] as const,
  topCarriers: ['dashboard', 'top-carriers'] as const,
}

export const dashboardStatsQuery = queryOptions({
  queryKey: dashboardKeys.stats,
  queryFn: ({ signal }) => callApi(dashboardStatsCall, { signal }),
})

export const topCarriersQuery = queryOptions({
  queryKey: dashboardKeys.topCarriers,
  queryFn: ({ signal }) => callApi(topCarriersCall, { signal }).then((answer) => answer.data),
})
