import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  createReplyCall,
  deleteReplyCall,
  listRepliesCall,
} from '#shared/contracts/marketplace-community.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { marketplaceKeys } from './marketplace.queries.ts'

const createReplyRoute = routeOf<typeof createReplyCall>('POST', '/api/marketplace/posts/:id/replies')
const deleteReplyRoute = routeOf<typeof deleteReplyCall>('DELETE', '/api/marketplace/replies/:id')
const listRepliesRoute = routeOf<typeof listRepliesCall>('GET', '/api/marketplace/posts/:id/replies')

export function repliesQuery(postId: string) {
  return infiniteQueryOptions({
    queryKey: marketplaceKeys.replies(postId),
    queryFn: ({ pageParam, signal }) =>
      callApi(listRepliesRoute, { params: { id: postId }, query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

/** A reply changes the thread and the post's replies count. */
function useRefreshThread(postId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: marketplaceKeys.replies(postId) }),
      queryClient.invalidateQueries({ queryKey: marketplaceKeys.lists('post') }),
    ])
}

export function useCreateReply(postId: string) {
  const refresh = useRefreshThread(postId)
  return useMutation({
    mutationFn: (content: string) => callApi(createReplyRoute, { params: { id: postId }, body: { content } }),
    onSuccess: refresh,
  })
}

export function useDeleteReply(postId: string) {
  const refresh = useRefreshThread(postId)
  return useMutation({
    mutationFn: (id: string) => callApi(deleteReplyRoute, { params: { id } }),
    onSuccess: refresh,
  })
}
