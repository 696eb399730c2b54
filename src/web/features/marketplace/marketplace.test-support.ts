import type { Post, Review } from '#shared/contracts/marketplace.contract.ts'

const AT = '2026-03-02T15:04:05.000Z'

export function sampleReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 'r1',
    title: 'Fast answers',
    tags: ['auto'],
    authorName: 'Sam T.',
    agencyName: 'Tran Insurance',
    myVote: null,
    isMine: false,
    createdAt: AT,
    updatedAt: AT,
    carrierId: 'b1f0c6a4-5c1e-4c7e-9f7a-1a2b3c4d5e6f',
    carrierName: 'Granite Mutual',
    reviewerName: 'Sam T.',
    rating: 4,
    review: 'Quotes in a day.',
    pros: ['quick'],
    cons: ['slow portal'],
    experienceLevel: 'expert',
    isVerified: true,
    helpfulVotes: 3,
    totalVotes: 5,
    carrierTurnaroundDays: 4.5,
    ...overrides,
  }
}

export function samplePost(overrides: Partial<Post> = {}): Post {
  return {
    id: 'p1',
    title: 'Watch roof ages',
    tags: ['roofs'],
    authorName: 'Anonymous',
    agencyName: null,
    myVote: null,
    isMine: false,
    createdAt: AT,
    updatedAt: AT,
    postType: 'warning',
    content: 'Older roofs settle at cash value.',
    carrierIds: ['b1f0c6a4-5c1e-4c7e-9f7a-1a2b3c4d5e6f'],
    carrierNames: ['Granite Mutual'],
    isAnonymous: true,
    views: 12,
    replies: 2,
    upvotes: 1,
    downvotes: 0,
    ...overrides,
  }
}
