import { queryOptions } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type { dashboardStatsCall, topCarriersCall } from '#shared/contracts/dashboard.contract.ts'
import { callApi } from '#web/lib/api.ts'

const dashboardStatsRoute = routeOf<typeof dashboardStatsCall>('GET', '/api/dashboard/stats')
const topCarriersRoute = routeOf<typeof topCarriersCall>('GET', '/api/dashboard/top-carriers')

export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: ['dashboard', 'stats'] as const,
  topCarriers: ['dashboard', 'top-carriers'] as const,
}

export const dashboardStatsQuery = queryOptions({
  queryKey: dashboardKeys.stats,
  queryFn: ({ signal }) => callApi(dashboardStatsRoute, { signal }),
})

export const topCarriersQuery = queryOptions({
  queryKey: dashboardKeys.topCarriers,
  queryFn: ({ signal }) => callApi(topCarriersRoute, { signal }).then((answer) => answer.data),
})
