import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  getSupportMessageCall,
  listSupportMessagesCall,
  replyToSupportMessageCall,
  SupportStatus,
  updateSupportMessageCall,
} from '#shared/contracts/contact.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const getSupportMessageRoute = routeOf<typeof getSupportMessageCall>('GET', '/api/support/messages/:id')
const listSupportMessagesRoute = routeOf<typeof listSupportMessagesCall>('GET', '/api/support/messages')
const replyToSupportMessageRoute = routeOf<typeof replyToSupportMessageCall>(
  'POST',
  '/api/support/messages/:id/replies',
)
const updateSupportMessageRoute = routeOf<typeof updateSupportMessageCall>(
  'PATCH',
  '/api/support/messages/:id',
)

export type InboxFilter = SupportStatus | 'all'

export const supportMessagesQuery = (status: InboxFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.supportInbox.list(status),
    queryFn: ({ pageParam, signal }) =>
      callApi(listSupportMessagesRoute, { query: { status, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })

export const supportMessageQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.supportInbox.message(id),
    queryFn: ({ signal }) => callApi(getSupportMessageRoute, { params: { id }, signal }),
  })

/** Answering or changing a message's status refreshes the lists (it may move between them). */
export function useSupportActions(id: string) {
  const queryClient = useQueryClient()
  const settle = (message: Awaited<ReturnType<typeof callApi<typeof getSupportMessageCall>>>) => {
    queryClient.setQueryData(queryKeys.supportInbox.message(id), message)
    void queryClient.invalidateQueries({ queryKey: ['support-inbox', 'list'] })
  }
  return {
    reply: useMutation({
      mutationFn: (message: string) =>
        callApi(replyToSupportMessageRoute, { params: { id }, body: { message } }),
      onSuccess: settle,
    }),
    setStatus: useMutation({
      mutationFn: (status: SupportStatus) =>
        callApi(updateSupportMessageRoute, { params: { id }, body: { status } }),
      onSuccess: settle,
    }),
  }
}
