import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { type CallBody, type CallOf, routeOf } from '#shared/contracts/call.ts'
import type {
  createPostCall,
  createPracticeCall,
  createReviewCall,
  deletePostCall,
  deletePracticeCall,
  deleteReviewCall,
  listPostsCall,
  listPracticesCall,
  listReviewsCall,
  MarketplaceSort,
  Post,
  Practice,
  PracticeCategory,
  Review,
  updatePostCall,
  updatePracticeCall,
  updateReviewCall,
  votePostCall,
  votePracticeCall,
  voteReviewCall,
} from '#shared/contracts/marketplace.contract.ts'
import type {
  ItemKind,
  reportItemCall,
  viewItemCall,
} from '#shared/contracts/marketplace-community.contract.ts'
import { callApi } from '#web/lib/api.ts'

const createPostRoute = routeOf<typeof createPostCall>('POST', '/api/marketplace/posts')
const createPracticeRoute = routeOf<typeof createPracticeCall>('POST', '/api/marketplace/best-practices')
const createReviewRoute = routeOf<typeof createReviewCall>('POST', '/api/marketplace/reviews')
const deletePostRoute = routeOf<typeof deletePostCall>('DELETE', '/api/marketplace/posts/:id')
const deletePracticeRoute = routeOf<typeof deletePracticeCall>(
  'DELETE',
  '/api/marketplace/best-practices/:id',
)
const deleteReviewRoute = routeOf<typeof deleteReviewCall>('DELETE', '/api/marketplace/reviews/:id')
const listPostsRoute = routeOf<typeof listPostsCall>('GET', '/api/marketplace/posts')
const listPracticesRoute = routeOf<typeof listPracticesCall>('GET', '/api/marketplace/best-practices')
const listReviewsRoute = routeOf<typeof listReviewsCall>('GET', '/api/marketplace/reviews')
const updatePostRoute = routeOf<typeof updatePostCall>('PUT', '/api/marketplace/posts/:id')
const updatePracticeRoute = routeOf<typeof updatePracticeCall>('PUT', '/api/marketplace/best-practices/:id')
const updateReviewRoute = routeOf<typeof updateReviewCall>('PUT', '/api/marketplace/reviews/:id')
const votePostRoute = routeOf<typeof votePostCall>('POST', '/api/marketplace/posts/:id/vote')
const votePracticeRoute = routeOf<typeof votePracticeCall>('POST', '/api/marketplace/best-practices/:id/vote')
const voteReviewRoute = routeOf<typeof voteReviewCall>('POST', '/api/marketplace/reviews/:id/vote')
const reportItemRoute = routeOf<typeof reportItemCall>('POST', '/api/marketplace/items/:id/report')
const viewItemRoute = routeOf<typeof viewItemCall>('POST', '/api/marketplace/items/:id/view')

export interface ItemsByKind {
  review: Review
  practice: Practice
  post: Post
}

export interface MarketplaceFilters {
  search: string
  carrierId: string
  category: PracticeCategory | 'all'
  sort: MarketplaceSort
}

export const marketplaceKeys = {
  all: ['marketplace'] as const,
  lists: (kind: ItemKind) => ['marketplace', 'list', kind] as const,
  list: (kind: ItemKind, filters: MarketplaceFilters) => ['marketplace', 'list', kind, filters] as const,
  replies: (postId: string) => ['marketplace', 'replies', postId] as const,
  moderation: ['marketplace', 'moderation'] as const,
}

const CALLS = {
  review: {
    list: listReviewsRoute,
    create: createReviewRoute,
    update: updateReviewRoute,
    remove: deleteReviewRoute,
  },
  practice: {
    list: listPracticesRoute,
    create: createPracticeRoute,
    update: updatePracticeRoute,
    remove: deletePracticeRoute,
  },
  post: { list: listPostsRoute, create: createPostRoute, update: updatePostRoute, remove: deletePostRoute },
} as const

export const PAGE_SIZE = 20

type Page<K extends ItemKind> = { data: ItemsByKind[K][]; nextCursor: string | null }

export function listQuery<K extends ItemKind>(kind: K, given: MarketplaceFilters) {
  // Only practices have categories: another list keeps its cache when the category changes.
  const filters = kind === 'practice' ? given : { ...given, category: 'all' as const }
  return infiniteQueryOptions({
    queryKey: marketplaceKeys.list(kind, filters),
    queryFn: ({ pageParam, signal }) =>
      callApi(CALLS[kind].list as typeof listPracticesCall, {
        query: {
          search: filters.search || undefined,
          carrierId: filters.carrierId,
          ...(kind === 'practice' ? { category: filters.category } : {}),
          sort: filters.sort,
          limit: PAGE_SIZE,
          cursor: pageParam,
        },
        signal,
      }) as unknown as Promise<Page<K>>,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

/** A vote's answer: shown at once in every loaded list of its kind, then the lists refresh. */
function mergeEverywhere<K extends ItemKind>(
  queryClient: QueryClient,
  kind: K,
  change: Partial<ItemsByKind[K]> & { id: string },
) {
  queryClient.setQueriesData<InfiniteData<Page<K>>>({ queryKey: marketplaceKeys.lists(kind) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((each) => (each.id === change.id ? { ...each, ...change } : each)),
          })),
        }
      : data,
  )
  return queryClient.invalidateQueries({ queryKey: marketplaceKeys.lists(kind) })
}

export type ItemInput<K extends ItemKind> = CallBody<CallOf<(typeof CALLS)[K]['create']>>

export function useSaveItem<K extends ItemKind>(kind: K) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ItemInput<K> }) =>
      (id
        ? callApi(CALLS[kind].update as typeof updatePostCall, { params: { id }, body: input as never })
        : callApi(CALLS[kind].create as typeof createPostCall, {
            body: input as never,
          })) as unknown as Promise<ItemsByKind[K]>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.lists(kind) }),
  })
}

export function useDeleteItem(kind: ItemKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callApi(CALLS[kind].remove as typeof deletePostCall, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.lists(kind) }),
  })
}

/** true up (helpful), false down, null withdraws. */
export function useVote<K extends ItemKind>(kind: K) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, up }: { id: string; up: boolean | null }) =>
      (kind === 'review'
        ? callApi(voteReviewRoute, { params: { id }, body: { helpful: up } })
        : callApi(kind === 'practice' ? votePracticeRoute : votePostRoute, {
            params: { id },
            body: { upvote: up },
          })) as unknown as Promise<Partial<ItemsByKind[K]> & { id: string }>,
    onSuccess: (change) => mergeEverywhere(queryClient, kind, change),
  })
}

export function useReportItem(kind: ItemKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callApi(reportItemRoute, { params: { id }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.lists(kind) }),
  })
}

/** A reader saw an item: the server counts each reader once, so no list needs to refresh. */
export function recordView(id: string) {
  return callApi(viewItemRoute, { params: { id } }).catch(() => undefined)
}
