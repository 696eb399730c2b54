import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  createPostCall,
  createPracticeCall,
  createReviewCall,
  deletePostCall,
  deletePracticeCall,
  deleteReviewCall,
  listPostsCall,
  listPracticesCall,
  listReviewsCall,
  updatePostCall,
  updatePracticeCall,
  updateReviewCall,
  votePostCall,
  votePracticeCall,
  voteReviewCall,
} from '#shared/contracts/marketplace.contract.ts'
import {
  createReplyCall,
  deleteReplyCall,
  listModerationCall,
  listRepliesCall,
  removeItemCall,
  reportItemCall,
  restoreItemCall,
  viewItemCall,
} from '#shared/contracts/marketplace-community.contract.ts'
import { createReply, deleteReply, listReplies, reportItem, viewItem } from './community.service.ts'
import { listItems } from './list-items.ts'
import { listModeration, removeItem, restoreItem } from './moderation.service.ts'
import { voteOnItem } from './vote-on-item.ts'
import { createItem, deleteItem, type PostingLimit, updateItem } from './write-items.ts'

/** Platform staff moderate the community, which belongs to no one agency. */
const MODERATORS = { roles: ['platform_admin', 'platform_owner'] as const }

export function marketplaceRoutes(app: FastifyInstance, deps: { db: Db; marketplace: PostingLimit }): void {
  const { db, marketplace: limit } = deps

  registerCall(app, listReviewsCall, {}, ({ raw, query }) => listItems(db, requireCtx(raw), 'review', query))
  registerCall(app, listPracticesCall, {}, ({ raw, query }) =>
    listItems(db, requireCtx(raw), 'practice', query),
  )
  registerCall(app, listPostsCall, {}, ({ raw, query }) => listItems(db, requireCtx(raw), 'post', query))

  registerCall(app, createReviewCall, {}, ({ raw, body }) =>
    createItem(db, requireCtx(raw), 'review', body, limit),
  )
  registerCall(app, createPracticeCall, {}, ({ raw, body }) =>
    createItem(db, requireCtx(raw), 'practice', body, limit),
  )
  registerCall(app, createPostCall, {}, ({ raw, body }) =>
    createItem(db, requireCtx(raw), 'post', body, limit),
  )

  registerCall(app, updateReviewCall, {}, ({ raw, params, body }) =>
    updateItem(db, requireCtx(raw), 'review', params.id, body),
  )
  registerCall(app, updatePracticeCall, {}, ({ raw, params, body }) =>
    updateItem(db, requireCtx(raw), 'practice', params.id, body),
  )
  registerCall(app, updatePostCall, {}, ({ raw, params, body }) =>
    updateItem(db, requireCtx(raw), 'post', params.id, body),
  )

  registerCall(app, deleteReviewCall, {}, ({ raw, params }) =>
    deleteItem(db, requireCtx(raw), 'review', params.id),
  )
  registerCall(app, deletePracticeCall, {}, ({ raw, params }) =>
    deleteItem(db, requireCtx(raw), 'practice', params.id),
  )
  registerCall(app, deletePostCall, {}, ({ raw, params }) =>
    deleteItem(db, requireCtx(raw), 'post', params.id),
  )

  registerCall(app, voteReviewCall, {}, ({ raw, params, body }) =>
    voteOnItem(db, requireCtx(raw), 'review', params.id, body.helpful),
  )
  registerCall(app, votePracticeCall, {}, ({ raw, params, body }) =>
    voteOnItem(db, requireCtx(raw), 'practice', params.id, body.upvote),
  )
  registerCall(app, votePostCall, {}, ({ raw, params, body }) =>
    voteOnItem(db, requireCtx(raw), 'post', params.id, body.upvote),
  )

  registerCall(app, reportItemCall, {}, ({ raw, params, body }) =>
    reportItem(db, requireCtx(raw), params.id, body.reason),
  )
  registerCall(app, viewItemCall, {}, ({ raw, params }) => viewItem(db, requireCtx(raw), params.id))
  registerCall(app, listRepliesCall, {}, ({ raw, params, query }) =>
    listReplies(db, requireCtx(raw), params.id, query),
  )
  registerCall(app, createReplyCall, {}, ({ raw, params, body }) =>
    createReply(db, requireCtx(raw), params.id, body.content, limit),
  )
  registerCall(app, deleteReplyCall, {}, ({ raw, params }) => deleteReply(db, requireCtx(raw), params.id))

  registerCall(app, listModerationCall, MODERATORS, async () => ({ data: await listModeration(db) }))
  registerCall(app, restoreItemCall, MODERATORS, ({ raw, params }) =>
    restoreItem(db, requireCtx(raw), params.id),
  )
  registerCall(app, removeItemCall, MODERATORS, ({ raw, params }) =>
    removeItem(db, requireCtx(raw), params.id),
  )
}
