import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isForeignKeyViolation } from '#server/platform/db-errors.ts'
import type { ItemVote, ReviewVote } from '#shared/contracts/marketplace.contract.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import { notFound } from './list-items.ts'
import * as votes from './votes.repository.ts'

interface VoteResults {
  review: ReviewVote
  practice: ItemVote
  post: ItemVote
}

/**
 * Votes on a visible review (helpful or not), practice or post (up or down) of any agency, and
 * answers its counts and the voter's vote: one statement (votes.repository.ts castVote) and, when
 * it changed something, the audit event.
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
      const outcome = await votes.castVote(tx, { itemId, userId, agencyId, kind, up })
      if (!outcome) throw notFound()
      const { changed, upVotes, downVotes } = outcome
      const withdrawn = up === null
      if (changed)
        await recordAudit(tx, ctx, {
          action: withdrawn ? 'marketplace.vote_withdrawn' : 'marketplace.voted',
          entity: { type: `marketplace_${kind}`, id: itemId },
          ...(withdrawn ? {} : { details: { up } }),
        })
      // The user's vote is now exactly what they asked for, whatever it was before.
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
