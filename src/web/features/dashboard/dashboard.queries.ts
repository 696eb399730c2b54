import { queryOptions } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  bookFiguresCall,
  dashboardStatsCall,
  topCarriersCall,
} from '#shared/contracts/dashboard.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const dashboardStatsRoute = routeOf<typeof dashboardStatsCall>('GET', '/api/dashboard/stats')
const bookFiguresRoute = routeOf<typeof bookFiguresCall>('GET', '/api/dashboard/book')
const topCarriersRoute = routeOf<typeof topCarriersCall>('GET', '/api/dashboard/top-carriers')

export const dashboardStatsQuery = queryOptions({
  queryKey: queryKeys.dashboard.stats,
  queryFn: ({ signal }) => callApi(dashboardStatsRoute, { signal }),
})

export const topCarriersQuery = queryOptions({
  queryKey: queryKeys.dashboard.topCarriers,
  queryFn: ({ signal }) => callApi(topCarriersRoute, { signal }).then((answer) => answer.data),
})

export const bookFiguresQuery = queryOptions({
  queryKey: queryKeys.dashboard.book,
  queryFn: ({ signal }) => callApi(bookFiguresRoute, { signal }),
})
