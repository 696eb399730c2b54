import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { id, timestamptz } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'

/**
 * First-party page views: the path without its query string (segments that look like an email
 * are replaced), the device class and who viewed it. No IP address, no user agent, no email.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: id(),
    agencyId: agencyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    device: text('device').notNull(),
    viewedAt: timestamptz('viewed_at').defaultNow().notNull(),
  },
  (t) => [
    index('page_views_agency_viewed_idx').on(t.agencyId, t.viewedAt),
    index('page_views_user_idx').on(t.agencyId, t.userId, t.viewedAt),
    check('page_views_device_check', sql`${t.device} in ('mobile', 'desktop')`),
  ],
)

/**
 * Each user's latest activity (a page view), kept up to date as views arrive. "Active in a
 * month" and "active on or after day N" only need the latest moment, so the owner dashboard reads
 * one row per user instead of millions of page views.
 */
export const userActivity = pgTable(
  'user_activity',
  {
    agencyId: agencyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstActiveAt: timestamptz('first_active_at').notNull(),
    lastActiveAt: timestamptz('last_active_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.userId] })],
)
