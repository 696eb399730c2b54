import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import type { Reply } from '#shared/contracts/marketplace-community.contract.ts'
import { isPlatformRole } from '#shared/domain/roles.ts'
import { publicName } from './item-view.service.ts'
import { decodeListCursor, encodeListCursor } from './list-cursor.service.ts'
import { cardNames, notFound } from './list-items.ts'
import * as repository from './marketplace.repository.ts'
import * as moderation from './moderation.repository.ts'
import * as replies from './replies.repository.ts'
import * as votes from './votes.repository.ts'
import { checkPostingRate, type PostingLimit } from './write-items.ts'

/** Reports from this many different agencies hide an item until a platform admin decides. */
export const HIDE_AFTER_AGENCIES = 3

async function lockVisibleItem(tx: Executor, id: string, kind?: 'post') {
  const item = await repository.findItem(tx, id, { forUpdate: true })
  if (item?.status !== 'visible' || (kind && item.kind !== kind)) throw notFound()
  return item
}

/**
 * Any user reports someone else's visible item, once (a repeat changes nothing). When reports come
 * from three different agencies the item is hidden from everyone but platform admins.
 */
export async function reportItem(db: Db, ctx: Ctx, id: string, reason: string): Promise<{ reported: true }> {
  const { agencyId, userId } = ctx.actor
  await db.transaction(async (tx) => {
    const item = await lockVisibleItem(tx, id)
    if (item.authorUserId === userId) throw new AppError('INVALID_INPUT', { message: T.ownReport })
    await moderation.insertReport(tx, { itemId: id, userId, agencyId, reason })
    const hidden = (await moderation.countReportingAgencies(tx, id)) >= HIDE_AFTER_AGENCIES
    if (hidden) await moderation.hideItem(tx, id)
    await recordAudit(tx, ctx, {
      action: 'marketplace.item_reported',
      entity: { type: `marketplace_${item.kind}`, id: id },
      details: { hidden },
    })
  })
  return { reported: true }
}

/**
 * A reader opened a practice or post. Counted once per reader and not audited: it records
 * reading shared community content, not a change to anyone's records (decision 019).
 */
export async function viewItem(db: Db, ctx: Ctx, id: string): Promise<{ views: number }> {
  return db.transaction(async (tx) => {
    await lockVisibleItem(tx, id)
    return { views: await votes.recordView(tx, { itemId: id, userId: ctx.actor.userId }) }
  })
}

function toReply(row: replies.ReplyCardRow, viewerId: string): Reply {
  return {
    id: row.reply.id,
    content: row.reply.content,
    authorName: publicName(row.authorFirstName, row.authorLastName),
    agencyName: row.agencyName,
    isMine: row.reply.authorUserId === viewerId,
    createdAt: row.reply.createdAt.toISOString(),
  }
}

/** A visible post's thread, oldest first. */
export async function listReplies(
  db: Db,
  ctx: Ctx,
  postId: string,
  page: { limit: number; cursor?: string },
): Promise<{ data: Reply[]; nextCursor: string | null }> {
  const post = await repository.findItem(db, postId)
  if (post?.kind !== 'post' || post.status !== 'visible') throw notFound()
  const after = page.cursor ? decodeListCursor(page.cursor, 'newest') : undefined
  const rows = await replies.findReplies(db, postId, page.limit, after, cardNames)
  const shown = rows.slice(0, page.limit)
  const last = shown.at(-1)
  const nextCursor =
    rows.length > page.limit && last
      ? encodeListCursor({ value: null, at: last.preciseCreatedAt, id: last.reply.id })
      : null
  return { data: shown.map((row) => toReply(row, ctx.actor.userId)), nextCursor }
}

/** Replies under a visible post, within the same posting limit as new items. */
export function createReply(db: Db, ctx: Ctx, postId: string, content: string, limit: PostingLimit) {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx): Promise<Reply> => {
    await lockVisibleItem(tx, postId, 'post')
    await checkPostingRate(tx, userId, limit)
    const reply = await replies.insertReply(tx, { postId, agencyId, authorUserId: userId, content })
    await recordAudit(tx, ctx, {
      action: 'marketplace.reply_created',
      entity: { type: 'marketplace_reply', id: reply.id },
      details: { postId },
    })
    const row = await replies.findReplyCard(tx, reply.id, cardNames)
    // The author is the caller, so the reply they just wrote has its names.
    return toReply(row!, userId)
  })
}

/** Its author deletes a reply; a platform admin may remove anyone's. */
export async function deleteReply(db: Db, ctx: Ctx, id: string): Promise<{ deleted: true }> {
  const { userId, role } = ctx.actor
  await db.transaction(async (tx) => {
    const reply = await replies.findReply(tx, id)
    if (!reply) throw notFound()
    if (reply.authorUserId !== userId && !isPlatformRole(role))
      throw new AppError('FORBIDDEN', { message: T.notYours })
    await repository.findItem(tx, reply.postId, { forUpdate: true })
    await replies.deleteReply(tx, reply)
    await recordAudit(tx, ctx, {
      action: 'marketplace.reply_deleted',
      entity: { type: 'marketplace_reply', id: id },
      details: { postId: reply.postId },
    })
  })
  return { deleted: true }
}
