import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  listNotificationsCall,
  markAllNotificationsReadCall,
  markNotificationReadCall,
  unreadCountCall,
} from '#shared/contracts/notifications.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const listNotificationsRoute = routeOf<typeof listNotificationsCall>('GET', '/api/notifications')
const markAllNotificationsReadRoute = routeOf<typeof markAllNotificationsReadCall>(
  'POST',
  '/api/notifications/mark-all-read',
)
const markNotificationReadRoute = routeOf<typeof markNotificationReadCall>(
  'POST',
  '/api/notifications/:id/read',
)
const unreadCountRoute = routeOf<typeof unreadCountCall>('GET', '/api/notifications/unread-count')

/** Spec part 1 §9: the only query that refreshes by itself. */
export const UNREAD_COUNT_POLL_MS = 30_000

export const unreadCountQuery = queryOptions({
  queryKey: queryKeys.notifications.unreadCount,
  queryFn: async ({ signal }) => (await callApi(unreadCountRoute, { signal })).unreadCount,
  refetchInterval: UNREAD_COUNT_POLL_MS,
})

export const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications.list,
  queryFn: async ({ signal }) => (await callApi(listNotificationsRoute, { signal })).notifications,
  // Opening the dropdown again shows what arrived since.
  staleTime: 0,
})

/** Failures stay silent (spec part 1 §8); success refreshes the list and the count. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callApi(markNotificationReadRoute, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  })
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(markAllNotificationsReadRoute),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  })
}
