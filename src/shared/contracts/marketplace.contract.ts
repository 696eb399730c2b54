import { z } from 'zod'
import { defineCall } from './call.ts'
import {
  PostInputSchema,
  PostSchema,
  PRACTICE_CATEGORIES,
  PracticeInputSchema,
  PracticeSchema,
  ReviewInputSchema,
  ReviewSchema,
  SORTS,
} from './marketplace-items.contract.ts'
import { MARKETPLACE_TEXTS } from './marketplace-texts.ts'

// The texts and the items' shapes live apart so the calls stay readable; re-exported here for everyone.
export * from './marketplace-items.contract.ts'
export * from './marketplace-texts.ts'

const T = MARKETPLACE_TEXTS

/** 'All Carriers' / 'All Categories' arrive as 'all' or nothing; anything else must be a choice. */
const allOr = <S extends z.ZodType>(schema: S) =>
  z
    .union([z.literal('all'), z.literal(''), schema])
    .optional()
    .transform((value) => (value === 'all' || value === '' ? undefined : value) as z.output<S> | undefined)

const ListQueryBase = z.object({
  search: z.string().max(200).optional(),
  q: z.string().max(200).optional(),
  carrierId: allOr(z.uuid({ message: T.carrierUnknown })),
  carrier: allOr(z.uuid({ message: T.carrierUnknown })),
  sort: z.enum(SORTS).default('newest'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().max(300).optional(),
})

/** The search text and carrier by either name the spec's calls may use. */
function normaliseListQuery<Q extends z.output<typeof ListQueryBase>>({
  search,
  q,
  carrierId,
  carrier,
  ...rest
}: Q) {
  return { ...rest, search: (search ?? q ?? '').trim() || undefined, carrierId: carrierId ?? carrier }
}

const ListQuerySchema = ListQueryBase.transform(normaliseListQuery)
const PracticeListQuerySchema = ListQueryBase.extend({
  category: allOr(z.enum(PRACTICE_CATEGORIES, { message: T.category })),
}).transform(normaliseListQuery)

const page = <S extends z.ZodType>(item: S) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() })
const IdParams = z.object({ id: z.uuid({ message: 'Not found' }) })
const Deleted = z.object({ deleted: z.literal(true) })

export const listReviewsCall = defineCall({
  method: 'GET',
  path: '/api/marketplace/reviews',
  query: ListQuerySchema,
  response: page(ReviewSchema),
})
export const listPracticesCall = defineCall({
  method: 'GET',
  path: '/api/marketplace/best-practices',
  query: PracticeListQuerySchema,
  response: page(PracticeSchema),
})
export const listPostsCall = defineCall({
  method: 'GET',
  path: '/api/marketplace/posts',
  query: ListQuerySchema,
  response: page(PostSchema),
})

export const createReviewCall = defineCall({
  method: 'POST',
  path: '/api/marketplace/reviews',
  body: ReviewInputSchema,
  response: ReviewSchema,
  status: 201,
})
export const createPracticeCall = defineCall({
  method: 'POST',
  path: '/api/marketplace/best-practices',
  body: PracticeInputSchema,
  response: PracticeSchema,
  status: 201,
})
export const createPostCall = defineCall({
  method: 'POST',
  path: '/api/marketplace/posts',
  body: PostInputSchema,
  response: PostSchema,
  status: 201,
})

export const updateReviewCall = defineCall({
  method: 'PUT',
  path: '/api/marketplace/reviews/:id',
  params: IdParams,
  body: ReviewInputSchema,
  response: ReviewSchema,
})
export const updatePracticeCall = defineCall({
  method: 'PUT',
  path: '/api/marketplace/best-practices/:id',
  params: IdParams,
  body: PracticeInputSchema,
  response: PracticeSchema,
})
export const updatePostCall = defineCall({
  method: 'PUT',
  path: '/api/marketplace/posts/:id',
  params: IdParams,
  body: PostInputSchema,
  response: PostSchema,
})

export const deleteReviewCall = defineCall({
  method: 'DELETE',
  path: '/api/marketplace/reviews/:id',
  params: IdParams,
  response: Deleted,
})
export const deletePracticeCall = defineCall({
  method: 'DELETE',
  path: '/api/marketplace/best-practices/:id',
  params: IdParams,
  response: Deleted,
})
export const deletePostCall = defineCall({
  method: 'DELETE',
  path: '/api/marketplace/posts/:id',
  params: IdParams,
  response: Deleted,
})

/** What a vote changes on a review: its counts and the voter's own vote. */
export const ReviewVoteSchema = ReviewSchema.pick({
  id: true,
  helpfulVotes: true,
  totalVotes: true,
  myVote: true,
})
/** What a vote changes on a practice or post. */
export const ItemVoteSchema = PracticeSchema.pick({ id: true, upvotes: true, downvotes: true, myVote: true })
export type ReviewVote = z.infer<typeof ReviewVoteSchema>
export type ItemVote = z.infer<typeof ItemVoteSchema>

/** true or false votes (again with the same value: no change); null withdraws the vote. */
const voteValue = z.boolean({ message: 'Vote true, false or null (to withdraw)' }).nullable()

export const voteReviewCall = defineCall({
  method: 'POST',
  path: '/api/marketplace/reviews/:id/vote',
  params: IdParams,
  body: z.object({ helpful: voteValue }),
  response: ReviewVoteSchema,
})
export const votePracticeCall = defineCall({
  method: 'POST',
  path: '/api/marketplace/best-practices/:id/vote',
  params: IdParams,
  body: z.object({ upvote: voteValue }),
  response: ItemVoteSchema,
})
export const votePostCall = defineCall({
  method: 'POST',
  path: '/api/marketplace/posts/:id/vote',
  params: IdParams,
  body: z.object({ upvote: voteValue }),
  response: ItemVoteSchema,
})
