import type { Actor } from '#server/platform/context.ts'
import type { Post, Practice, Review } from '#shared/contracts/marketplace.contract.ts'
import { MARKETPLACE_TEXTS } from '#shared/contracts/marketplace.contract.ts'
import { isPlatformRole } from '#shared/domain/roles.ts'
import type { CardRow } from './marketplace.repository.ts'

/**
 * What crosses agencies about a person (decision 019): first name and last initial, and the
 * agency's name. Never an email, a user id or an agency id.
 */
export function publicName(firstName: string, lastName: string): string {
  const initial = Array.from(lastName.trim())[0]
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim()
}

export type Viewer = Pick<Actor, 'userId' | 'role'>

/** A card's row, with the names its features give: the author's, the agency's, the carriers' in order. */
type Card = CardRow

/** The author as this viewer may see them: an anonymous post hides them from all but platform admins. */
export function authorAsSeenBy(row: Card, viewer: Viewer) {
  if (row.item.isAnonymous && !isPlatformRole(viewer.role))
    return { authorName: MARKETPLACE_TEXTS.anonymous, agencyName: null }
  return { authorName: publicName(row.authorFirstName, row.authorLastName), agencyName: row.agencyName }
}

/** `agencyId:carrierId` for the Verified check. */
export const pairKey = (agencyId: string, carrierId: string) => `${agencyId}:${carrierId}`

function base(row: Card, viewer: Viewer) {
  const { item } = row
  return {
    id: item.id,
    title: item.title,
    tags: item.tags,
    ...authorAsSeenBy(row, viewer),
    myVote: row.myVote ?? null,
    isMine: item.authorUserId === viewer.userId,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  }
}

function isVerified(row: Card, verified: ReadonlySet<string>): boolean {
  const carrierId = row.item.carrierIds[0]
  return carrierId !== undefined && verified.has(pairKey(row.item.agencyId, carrierId))
}

export function toReview(row: Card, viewer: Viewer, verified: ReadonlySet<string>): Review {
  const { item } = row
  const view = base(row, viewer)
  return {
    ...view,
    carrierId: item.carrierIds[0] ?? '',
    carrierName: row.carrierNames[0] ?? '',
    reviewerName: view.authorName,
    rating: item.rating ?? 0,
    review: item.content,
    pros: item.pros,
    cons: item.cons,
    experienceLevel: item.experienceLevel as Review['experienceLevel'],
    isVerified: isVerified(row, verified),
    helpfulVotes: item.upVotes,
    totalVotes: item.upVotes + item.downVotes,
    carrierTurnaroundDays: row.turnaroundDays === null ? null : Math.round(row.turnaroundDays * 10) / 10,
  }
}

export function toPractice(row: Card, viewer: Viewer, verified: ReadonlySet<string>): Practice {
  const { item } = row
  return {
    ...base(row, viewer),
    carrierId: item.carrierIds[0] ?? null,
    carrierName: row.carrierNames[0] ?? null,
    content: item.content,
    category: item.category as Practice['category'],
    difficulty: item.difficulty as Practice['difficulty'],
    isVerified: isVerified(row, verified),
    views: item.views,
    upvotes: item.upVotes,
    downvotes: item.downVotes,
  }
}

export function toPost(row: Card, viewer: Viewer): Post {
  const { item } = row
  return {
    ...base(row, viewer),
    postType: item.postType as Post['postType'],
    content: item.content,
    carrierIds: item.carrierIds,
    carrierNames: row.carrierNames,
    isAnonymous: item.isAnonymous,
    views: item.views,
    replies: item.replyCount,
    upvotes: item.upVotes,
    downvotes: item.downVotes,
  }
}
