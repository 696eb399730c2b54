import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  listNotificationsCall,
  markAllNotificationsReadCall,
  markNotificationReadCall,
  unreadCountCall,
} from '#shared/contracts/notifications.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

/** Spec part 1 §9: the only query that refreshes by itself. */
export const UNREAD_COUNT_POLL_MS = 30_000

export const unreadCountQuery = queryOptions({
  queryKey: queryKeys.notifications.unreadCount,
  queryFn: async ({ signal }) => (await callApi(unreadCountCall, { signal })).unreadCount,
  refetchInterval: UNREAD_COUNT_POLL_MS,
})

export const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications.list,
  queryFn: async ({ signal }) => (await callApi(listNotificationsCall, { signal })).notifications,
  // Opening the dropdown again shows what arrived since.
  staleTime: 0,
})

/** Failures stay silent (spec part 1 §8); success refreshes the list and the count. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callApi(markNotificationReadCall, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  })
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(markAllNotificationsReadCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  })
}
