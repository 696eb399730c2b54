import { randomUUID } from 'node:crypto'
import { millisecondsInDay } from 'date-fns/constants'
import { inArray } from 'drizzle-orm'
import type { Db } from '#server/db/connect.ts'
import { createAgencyWithAdmin } from '#server/features/auth/auth.service.ts'
import { users } from '#server/features/auth/auth.table.ts'
import {
  carrierSubmissions,
  submissionStatusChanges,
} from '#server/features/carrier-delivery/carrier-delivery.table.ts'
import { listCarriers } from '#server/features/carriers/carriers.service.ts'
import { createReply, viewItem } from '#server/features/marketplace/community.service.ts'
import { refreshCarrierTurnaround } from '#server/features/marketplace/turnaround.job.ts'
import { voteOnItem } from '#server/features/marketplace/vote-on-item.ts'
import { createItem } from '#server/features/marketplace/write-items.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  PostInputSchema,
  PracticeInputSchema,
  ReviewInputSchema,
} from '#shared/contracts/marketplace.contract.ts'
import {
  DEMO_AUTHORS,
  DEMO_DECIDED_SUBMISSIONS,
  DEMO_POSTS,
  DEMO_PRACTICES,
  DEMO_REVIEWS,
  DEMO_VOTES,
} from './demo-marketplace-content.ts'

const DAY_MS = millisecondsInDay
/** The seed is well inside any posting limit; this only satisfies the use case's parameter. */
const SEED_LIMIT = { postsPerHour: 1000 }

const emailOf = (author: (typeof DEMO_AUTHORS)[number]) =>
  `${author.firstName}.${author.lastName}@marketplace-demo.example`.toLowerCase()

function ctxOf(user: { id: string; agencyId: string }): Ctx {
  return {
    actor: { userId: user.id, agencyId: user.agencyId, role: 'agency_admin', sessionId: 'seed' },
    ipAddress: null,
    userAgent: 'seed',
    requestId: null,
  }
}

/**
 * The fictional agencies' history with two carriers: applications sent and decided days apart,
 * written as carrier delivery records them (the submission and its history). Demo data only, so
 * the demo shows Verified badges and a measured turnaround; no real delivery ever made them.
 */
async function seedDecidedSubmissions(db: Db, authors: Ctx[], carrierIds: string[]) {
  for (const [author, carrier, tookDays, sentDaysAgo] of DEMO_DECIDED_SUBMISSIONS) {
    const { agencyId, userId } = authors[author]!.actor
    const sentAt = new Date(Date.now() - sentDaysAgo * DAY_MS)
    const decidedAt = new Date(sentAt.getTime() + tookDays * DAY_MS)
    const [submission] = await db
      .insert(carrierSubmissions)
      .values({
        agencyId,
        recordType: 'application',
        recordId: randomUUID(),
        carrierId: carrierIds[carrier]!,
        status: 'approved',
        method: 'api',
        subject: 'Demo application',
        message: 'Approved (demo data)',
        attempts: 1,
        lastAttemptAt: sentAt,
        deliveredAt: sentAt,
        requestedByUserId: userId,
        createdAt: sentAt,
        updatedAt: decidedAt,
      })
      .returning({ id: carrierSubmissions.id })
    const history = [
      { fromStatus: null, toStatus: 'queued' as const, source: 'agent' as const, createdAt: sentAt },
      {
        fromStatus: 'queued' as const,
        toStatus: 'sent' as const,
        source: 'delivery' as const,
        createdAt: sentAt,
      },
      {
        fromStatus: 'sent' as const,
        toStatus: 'approved' as const,
        source: 'carrier' as const,
        createdAt: decidedAt,
      },
    ]
    await db
      .insert(submissionStatusChanges)
      .values(history.map((change) => ({ ...change, agencyId, submissionId: submission!.id, message: null })))
  }
}

/**
 * Reviews, best practices and posts from four fictional agencies, with votes, replies and one
 * anonymous post, through the marketplace's own use cases. Runs once: skipped when its first
 * author exists.
 */
export async function seedDemoMarketplace(db: Db): Promise<void> {
  const emails = DEMO_AUTHORS.map(emailOf)
  const existing = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails)).limit(1)
  if (existing.length > 0) return
  const authors: Ctx[] = []
  for (const [index, author] of DEMO_AUTHORS.entries()) {
    const user = await db.transaction((tx) =>
      createAgencyWithAdmin(tx, { ...author, email: emails[index]!, passwordHash: null }),
    )
    authors.push(ctxOf(user))
  }
  const catalogue = (await listCarriers(db, authors[0]!, {})).filter((carrier) => carrier.isCatalogue)
  // Four carriers spread over the catalogue (it is sorted by name), not four neighbours.
  const carrierIds = [0, 1, 2, 3]
    .map((n) => catalogue[Math.floor((n * catalogue.length) / 4)]?.id)
    .filter((id): id is string => id !== undefined)
  if (carrierIds.length < 4) return

  const ids = { review: [] as string[], practice: [] as string[], post: [] as string[] }
  for (const { author, carrier, ...review } of DEMO_REVIEWS) {
    const input = ReviewInputSchema.parse({ ...review, carrierId: carrierIds[carrier] })
    ids.review.push((await createItem(db, authors[author]!, 'review', input, SEED_LIMIT)).id)
  }
  for (const { author, carrier, ...practice } of DEMO_PRACTICES) {
    const input = PracticeInputSchema.parse({
      ...practice,
      carrierId: carrier === null ? null : carrierIds[carrier],
    })
    ids.practice.push((await createItem(db, authors[author]!, 'practice', input, SEED_LIMIT)).id)
  }
  for (const { author, carriers, replies, ...post } of DEMO_POSTS) {
    const input = PostInputSchema.parse({ ...post, carrierIds: carriers.map((index) => carrierIds[index]) })
    const created = await createItem(db, authors[author]!, 'post', input, SEED_LIMIT)
    ids.post.push(created.id)
    for (const reply of replies)
      await createReply(db, authors[reply.author]!, created.id, reply.content, SEED_LIMIT)
  }
  // Each of the other authors has read every practice and post.
  for (const [index, reader] of authors.entries())
    for (const [kind, list] of [
      ['practice', DEMO_PRACTICES],
      ['post', DEMO_POSTS],
    ] as const)
      for (const [n, item] of list.entries())
        if (item.author !== index) await viewItem(db, reader, ids[kind][n]!)
  for (const vote of DEMO_VOTES)
    await voteOnItem(db, authors[vote.voter]!, vote.kind, ids[vote.kind][vote.index]!, vote.up)

  await seedDecidedSubmissions(db, authors, carrierIds)
  await refreshCarrierTurnaround(db)
}
