import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  type PostInputSchema,
  type PracticeInputSchema,
  type ReviewInputSchema,
  MARKETPLACE_TEXTS as T,
} from '#shared/contracts/marketplace.contract.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import { isPlatformRole } from '#shared/domain/roles.ts'
import { findAgencyCarriers } from '../carriers/carriers.service.ts'
import { getItemView, type ItemViews, notFound } from './list-items.ts'
import * as repository from './marketplace.repository.ts'

export interface Inputs {
  review: z.output<typeof ReviewInputSchema>
  practice: z.output<typeof PracticeInputSchema>
  post: z.output<typeof PostInputSchema>
}

/** How much one person may post (items and replies) in an hour: MARKETPLACE_POSTS_PER_HOUR. */
export interface PostingLimit {
  postsPerHour: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The carriers an item names must be ones the author can see and from the shared catalogue: an
 * agency's own carrier is its private record, and the community is read by every agency.
 */
export async function checkCarriers(executor: Executor, agencyId: string, field: string, ids: string[]) {
  if (ids.length === 0) return
  if (ids.some((id) => !UUID.test(id))) throw invalidField(field, T.carrierUnknown)
  const found = await findAgencyCarriers(executor, agencyId, ids)
  if (found.length !== new Set(ids).size) throw invalidField(field, T.carrierUnknown)
  if (found.some((carrier) => carrier.agencyId !== null)) throw invalidField(field, T.carrierNotShared)
}

/** Refuses a post past the hourly limit; serialises the user's posting until the transaction ends. */
export async function checkPostingRate(tx: Executor, userId: string, limit: PostingLimit) {
  const since = new Date(Date.now() - 60 * 60_000)
  const recent = await repository.countRecentPostsLocked(tx, userId, since)
  if (recent >= limit.postsPerHour) throw new AppError('TOO_MANY_REQUESTS', { message: T.rateLimited })
}

/** The columns an input writes (everything but who, when and the counters). */
function columnsOf<K extends ItemKind>(kind: K, input: Inputs[K]): Partial<repository.NewItemRow> {
  if (kind === 'review') {
    const review = input as Inputs['review']
    return {
      carrierIds: [review.carrierId],
      title: review.title,
      content: review.review,
      rating: review.rating,
      pros: review.pros,
      cons: review.cons,
      experienceLevel: review.experienceLevel,
      tags: review.tags,
    }
  }
  if (kind === 'practice') {
    const practice = input as Inputs['practice']
    return {
      carrierIds: practice.carrierId ? [practice.carrierId] : [],
      title: practice.title,
      content: practice.content,
      category: practice.category,
      difficulty: practice.difficulty,
      tags: practice.tags,
    }
  }
  const post = input as Inputs['post']
  return {
    carrierIds: post.carrierIds,
    title: post.title,
    content: post.content,
    postType: post.postType,
    isAnonymous: post.isAnonymous,
    tags: post.tags,
  }
}

const carrierField: Record<ItemKind, string> = {
  review: 'carrierId',
  practice: 'carrierId',
  post: 'carrierIds',
}

/** Adds a review, practice or post as the signed-in user, within the posting limit. */
export function createItem<K extends ItemKind>(
  db: Db,
  ctx: Ctx,
  kind: K,
  input: Inputs[K],
  limit: PostingLimit,
): Promise<ItemViews[K]> {
  const { agencyId, userId } = ctx.actor
  const columns = columnsOf(kind, input)
  return db.transaction(async (tx) => {
    await checkCarriers(tx, agencyId, carrierField[kind], columns.carrierIds ?? [])
    await checkPostingRate(tx, userId, limit)
    const row = await repository.insertItem(tx, {
      ...columns,
      kind,
      agencyId,
      authorUserId: userId,
      title: columns.title!,
      content: columns.content!,
    })
    await recordAudit(tx, ctx, {
      action: 'marketplace.item_created',
      entity: { type: `marketplace_${kind}`, id: row.id },
      details: { kind, carrierIds: row.carrierIds, anonymous: row.isAnonymous },
    })
    return getItemView(tx, ctx.actor, kind, row.id)
  })
}

/** The item of this kind, locked; only its author may go on (platform admins moderate instead). */
async function lockOwnItem(tx: Executor, ctx: Ctx, kind: ItemKind, id: string) {
  const item = await repository.findItem(tx, id, { forUpdate: true })
  if (!item || item.kind !== kind) throw notFound()
  if (item.authorUserId !== ctx.actor.userId) {
    // Someone else's hidden item stays as invisible as a missing one.
    if (item.status !== 'visible' && !isPlatformRole(ctx.actor.role)) throw notFound()
    throw new AppError('FORBIDDEN', { message: T.notYours })
  }
  return item
}

/** The author rewrites their item; votes, views and replies stay. */
export function updateItem<K extends ItemKind>(
  db: Db,
  ctx: Ctx,
  kind: K,
  id: string,
  input: Inputs[K],
): Promise<ItemViews[K]> {
  const { agencyId } = ctx.actor
  const columns = columnsOf(kind, input)
  return db.transaction(async (tx) => {
    const item = await lockOwnItem(tx, ctx, kind, id)
    if (item.status !== 'visible') throw notFound()
    await checkCarriers(tx, agencyId, carrierField[kind], columns.carrierIds ?? [])
    await repository.updateItem(tx, id, columns)
    await recordAudit(tx, ctx, {
      action: 'marketplace.item_updated',
      entity: { type: `marketplace_${kind}`, id: id },
      details: { kind },
    })
    return getItemView(tx, ctx.actor, kind, id)
  })
}

/** The author deletes their item, with its votes, reports, views and replies. */
export async function deleteItem(db: Db, ctx: Ctx, kind: ItemKind, id: string): Promise<{ deleted: true }> {
  await db.transaction(async (tx) => {
    await lockOwnItem(tx, ctx, kind, id)
    await repository.deleteItem(tx, id)
    await recordAudit(tx, ctx, {
      action: 'marketplace.item_deleted',
      entity: { type: `marketplace_${kind}`, id: id },
      details: { kind },
    })
  })
  return { deleted: true }
}
