import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import * as repository from './calendar-feeds.repository.ts'

/** The path a calendar subscribes to, the token in its query (a calendar app sends no cookie). */
export const CALENDAR_FEED_PATH = '/api/renewals/calendar.ics'

/** A feed's secret: 256 random bits, URL-safe. */
function newFeedToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps to find a feed: the token's SHA-256, never the token. */
export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const NO_FEED = { url: null, active: false, createdAt: null }

/** Whether the user has a feed in use; its address was shown once, when it was made. */
export async function getCalendarFeed(db: Db, ctx: Ctx) {
  const feed = await repository.findActiveFeed(db, ctx.actor.agencyId, ctx.actor.userId)
  return feed ? { url: null, active: true, createdAt: feed.createdAt.toISOString() } : NO_FEED
}

/**
 * Makes the user's feed address, revoking any earlier one in the same transaction; audited. The
 * answer carries the address (the only time it is shown), built on the app's public origin.
 */
export function createCalendarFeed(db: Db, ctx: Ctx, publicUrl: string) {
  const { agencyId, userId } = ctx.actor
  const token = newFeedToken()
  return db.transaction(async (tx) => {
    const replaced = await repository.revokeActiveFeed(tx, agencyId, userId)
    const feed = await repository.insertFeed(tx, { agencyId, userId, tokenHash: tokenHashOf(token) })
    await recordAudit(tx, ctx, {
      action: 'renewal.calendar_feed_created',
      entity: { type: 'user', id: userId },
      details: { feedId: feed.id, replacedFeedId: replaced?.id ?? null },
    })
    return {
      url: `${publicUrl.replace(/\/$/, '')}${CALENDAR_FEED_PATH}?token=${token}`,
      active: true,
      createdAt: feed.createdAt.toISOString(),
    }
  })
}

/** Revokes the user's feed: its address answers 404 from now on. Audited when there was one. */
export function revokeCalendarFeed(db: Db, ctx: Ctx) {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const revoked = await repository.revokeActiveFeed(tx, agencyId, userId)
    if (revoked)
      await recordAudit(tx, ctx, {
        action: 'renewal.calendar_feed_revoked',
        entity: { type: 'user', id: userId },
        details: { feedId: revoked.id },
      })
    return NO_FEED
  })
}
