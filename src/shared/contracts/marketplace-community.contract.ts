import { z } from 'zod'
import { cleanTypedText } from '../domain/typed-text.ts'
import { defineCall } from './call.ts'
import { LIMITS, MARKETPLACE_TEXTS as T } from './marketplace.contract.ts'

/** Replies, reports, views and moderation: what the community adds to the spec's three lists. */
export const MODERATION_TEXTS = {
  tab: 'Moderation',
  intro:
    'Items reported by three or more agencies are hidden until you restore or remove them. Items with fewer reports stay visible.',
  empty: 'Nothing is waiting for moderation.',
  restore: 'Restore',
  remove: 'Remove',
  restored: 'Restored: the item is visible again and its reports are closed.',
  removed: 'Removed for good.',
  report: 'Report',
  reportTitle: 'Report this item',
  reportHint: 'Tell the moderators what is wrong (optional).',
} as const

export const ITEM_KINDS = ['review', 'practice', 'post'] as const
export type ItemKind = (typeof ITEM_KINDS)[number]

const IdParams = z.object({ id: z.uuid({ message: 'Not found' }) })

export const ReplySchema = z.object({
  id: z.string(),
  content: z.string(),
  authorName: z.string(),
  agencyName: z.string(),
  isMine: z.boolean(),
  createdAt: z.string(),
})
export type Reply = z.infer<typeof ReplySchema>

export const ReplyInputSchema = z.object({
  content: z
    .string({ message: T.replyRequired })
    .transform(cleanTypedText)
    .pipe(z.string().trim().min(1, T.replyRequired).max(LIMITS.reply, T.tooLong('A reply', LIMITS.reply))),
})
export type ReplyInput = z.input<typeof ReplyInputSchema>

/** A post's thread, oldest first. */
export const listRepliesCall = defineCall({
  method: 'GET',
  path: '/api/marketplace/posts/:id/replies',
  params: IdParams,
  query: z.object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z.string().max(300).optional(),
  }),
  response: z.object({ data: z.array(ReplySchema), nextCursor: z.string().nullable() }),
})

export const createReplyCall = defineCall({
  method: 'POST',
  path: '/api/marketplace/posts/:id/replies',
  params: IdParams,
  body: ReplyInputSchema,
  response: ReplySchema,
  status: 201,
})

export const deleteReplyCall = defineCall({
  method: 'DELETE',
  path: '/api/marketplace/replies/:id',
  params: IdParams,
  response: z.object({ deleted: z.literal(true) }),
})

/** Any user may report a review, practice or post once; three agencies' reports hide it. */
export const reportItemCall = defineCall({
  method: 'POST',
  path: '/api/marketplace/items/:id/report',
  params: IdParams,
  body: z.object({
    reason: z
      .string()
      .trim()
      .max(LIMITS.reportReason, T.tooLong('The reason', LIMITS.reportReason))
      .optional()
      .default(''),
  }),
  response: z.object({ reported: z.literal(true) }),
})

/** A reader opened a practice or a post: counted once per reader. */
export const viewItemCall = defineCall({
  method: 'POST',
  path: '/api/marketplace/items/:id/view',
  params: IdParams,
  response: z.object({ views: z.number().int() }),
})

export const ModerationItemSchema = z.object({
  id: z.string(),
  kind: z.enum(ITEM_KINDS),
  title: z.string(),
  content: z.string(),
  /** The real author, anonymous or not: moderators must know who wrote it. */
  authorName: z.string(),
  agencyName: z.string(),
  isAnonymous: z.boolean(),
  status: z.enum(['visible', 'hidden']),
  reportingAgencies: z.number().int(),
  reports: z.array(z.object({ reason: z.string(), agencyName: z.string(), createdAt: z.string() })),
  createdAt: z.string(),
  hiddenAt: z.string().nullable(),
})
export type ModerationItem = z.infer<typeof ModerationItemSchema>

/** Platform admins: hidden items first, then items with open reports. */
export const listModerationCall = defineCall({
  method: 'GET',
  path: '/api/marketplace/moderation',
  response: z.object({ data: z.array(ModerationItemSchema) }),
})

export const restoreItemCall = defineCall({
  method: 'POST',
  path: '/api/marketplace/moderation/:id/restore',
  params: IdParams,
  response: ModerationItemSchema,
})

export const removeItemCall = defineCall({
  method: 'DELETE',
  path: '/api/marketplace/moderation/:id',
  params: IdParams,
  response: z.object({ deleted: z.literal(true) }),
})
