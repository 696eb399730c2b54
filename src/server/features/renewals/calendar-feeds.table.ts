import { sql } from 'drizzle-orm'
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'

/**
 * A user's private calendar feed of their renewals' milestones. The address carries a secret
 * token; only its SHA-256 is kept, so a copy of the database opens no feed. A user has at most
 * one feed in use: making a new one revokes the old, and a revoked feed answers 404.
 */
export const renewalCalendarFeeds = pgTable(
  'renewal_calendar_feeds',
  {
    id: id(),
    agencyId: agencyRef(),
    userId: uuid('user_id').notNull(),
    /** The feed is found by its token before anything else is known, as a session is. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('renewal_calendar_feeds_token_idx').on(t.tokenHash),
    uniqueIndex('renewal_calendar_feeds_active_idx')
      .on(t.agencyId, t.userId)
      .where(sql`${t.revokedAt} is null`),
    index('renewal_calendar_feeds_user_idx').on(t.agencyId, t.userId, t.createdAt),
  ],
)
