import type { Db, Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { ItemVote, ReviewVote } from '#shared/contracts/marketplace.contract.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import { wilsonLowerBound } from '#shared/domain/wilson-score.ts'
import { notFound } from './list-items.ts'
import * as repository from './marketplace.repository.ts'
import * as votes from './votes.repository.ts'

interface Delta {
  up: number
  down: number
}

/**
 * Applies the user's vote to the vote table. The (item, user) key decides, not a read before the
 * write: a first vote inserts; a vote the other way changes it; the same vote again, even sent
 * twice at once, finds nothing to change; null withdraws it. Answers the change in the counts.
 */
async function applyVote(tx: Executor, key: votes.VoteKey & { agencyId: string }, up: boolean | null) {
  const delta: Delta = { up: 0, down: 0 }
  if (up === null) {
    const removed = await votes.deleteVote(tx, key)
    if (removed !== undefined) delta[removed ? 'up' : 'down'] = -1
    return delta
  }
  if (await votes.insertVote(tx, { ...key, up })) {
    delta[up ? 'up' : 'down'] = 1
  } else if (await votes.changeVote(tx, key, up)) {
    delta[up ? 'up' : 'down'] = 1
    delta[up ? 'down' : 'up'] = -1
  }
  return delta
}

interface VoteResults {
  review: ReviewVote
  practice: ItemVote
  post: ItemVote
}

/**
 * Votes on a visible review (helpful or not), practice or post (up or down) of any agency, and
 * answers its counts and the voter's vote. The item's row is locked while its counts and their
 * Wilson score change, so concurrent votes on one item add up exactly.
 */
export async function voteOnItem<K extends ItemKind>(
  db: Db,
  ctx: Ctx,
  kind: K,
  itemId: string,
  up: boolean | null,
): Promise<VoteResults[K]> {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const item = await repository.findItem(tx, itemId, { forUpdate: true })
    if (!item || item.kind !== kind || item.status !== 'visible') throw notFound()
    const delta = await applyVote(tx, { itemId, userId, agencyId }, up)
    const withdrawn = up === null
    const upVotes = item.upVotes + delta.up
    const downVotes = item.downVotes + delta.down
    if (delta.up !== 0 || delta.down !== 0) {
      const score = wilsonLowerBound(upVotes, upVotes + downVotes)
      await votes.setVoteCounts(tx, itemId, { upVotes, downVotes, score })
      await recordAudit(tx, ctx, {
        agencyId,
        actorUserId: userId,
        action: withdrawn ? 'marketplace.vote_withdrawn' : 'marketplace.voted',
        entityType: `marketplace_${kind}`,
        entityId: itemId,
        ...(withdrawn ? {} : { details: { up } }),
      })
    }
    // After this statement the user's vote is exactly what they asked for, whatever it was before.
    const answer =
      kind === 'review'
        ? { id: itemId, helpfulVotes: upVotes, totalVotes: upVotes + downVotes, myVote: up }
        : { id: itemId, upvotes: upVotes, downvotes: downVotes, myVote: up }
    return answer as VoteResults[K]
  })
}
