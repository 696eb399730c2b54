import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  createCalendarFeedCall,
  getCalendarFeedCall,
  revokeCalendarFeedCall,
} from '#shared/contracts/renewals-calendar.contract.ts'
import { callApi } from '#web/lib/api.ts'

const PATH = '/api/renewals/calendar-feed'
const getRoute = routeOf<typeof getCalendarFeedCall>('GET', PATH)
const createRoute = routeOf<typeof createCalendarFeedCall>('POST', PATH)
const revokeRoute = routeOf<typeof revokeCalendarFeedCall>('DELETE', PATH)

const calendarFeedKey = ['settings', 'calendar-feed'] as const

/** Whether the user has a renewals calendar feed (its address is never read back). */
export const calendarFeedQuery = queryOptions({
  queryKey: calendarFeedKey,
  queryFn: ({ signal }) => callApi(getRoute, { signal }),
})

/** A new address (the old one stops working); the answer carries it, the only time it is shown. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(createRoute),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, { ...feed, url: null }),
  })
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(revokeRoute),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  })
}
