import type { Db, Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isForeignKeyViolation } from '#server/platform/db-errors.ts'
import type { ItemVote, ReviewVote } from '#shared/contracts/marketplace.contract.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import { notFound } from './list-items.ts'
import * as votes from './votes.repository.ts'

interface Delta {
  up: number
  down: number
}

/**
 * Sets the user's vote: true or false as asked (the same vote again changes nothing), null
 * withdraws it. Answers the change it made to the item's counts.
 */
async function applyVote(tx: Executor, key: votes.VoteKey & { agencyId: string }, up: boolean | null) {
  const delta: Delta = { up: 0, down: 0 }
  if (up === null) {
    const removed = await votes.deleteVote(tx, key)
    if (removed !== undefined) delta[removed ? 'up' : 'down'] = -1
    return delta
  }
  const outcome = await votes.upsertVote(tx, { ...key, up })
  if (outcome !== 'same') delta[up ? 'up' : 'down'] = 1
  if (outcome === 'changed') delta[up ? 'down' : 'up'] = -1
  return delta
}

interface VoteResults {
  review: ReviewVote
  practice: ItemVote
  post: ItemVote
}

/**
 * Votes on a visible review (helpful or not), practice or post (up or down) of any agency, and
 * answers its counts and the voter's vote. The vote table's key decides what changed; the counts
 * and their Wilson score move in one statement that locks the item, so concurrent votes add up.
 * An unknown item, one of another kind or a hidden one answers 404 and nothing is kept.
 */
export async function voteOnItem<K extends ItemKind>(
  db: Db,
  ctx: Ctx,
  kind: K,
  itemId: string,
  up: boolean | null,
): Promise<VoteResults[K]> {
  const { agencyId, userId } = ctx.actor
  try {
    return await db.transaction(async (tx) => {
      const delta = await applyVote(tx, { itemId, userId, agencyId }, up)
      const changed = delta.up !== 0 || delta.down !== 0
      const item = { id: itemId, kind }
      const counts = changed
        ? await votes.moveVoteCounts(tx, item, delta)
        : await votes.readVoteCounts(tx, item)
      if (!counts) throw notFound()
      const withdrawn = up === null
      if (changed)
        await recordAudit(tx, ctx, {
          agencyId,
          actorUserId: userId,
          action: withdrawn ? 'marketplace.vote_withdrawn' : 'marketplace.voted',
          entityType: `marketplace_${kind}`,
          entityId: itemId,
          ...(withdrawn ? {} : { details: { up } }),
        })
      // The user's vote is now exactly what they asked for, whatever it was before.
      const { upVotes, downVotes } = counts
      const answer =
        kind === 'review'
          ? { id: itemId, helpfulVotes: upVotes, totalVotes: upVotes + downVotes, myVote: up }
          : { id: itemId, upvotes: upVotes, downvotes: downVotes, myVote: up }
      return answer as VoteResults[K]
    })
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound()
    throw error
  }
}
