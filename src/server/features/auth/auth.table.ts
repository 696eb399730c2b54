import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'

export const users = pgTable(
  'users',
  {
    id: id(),
    agencyId: agencyRef(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title').notNull().default('Insurance Agent'),
    role: text('role').notNull().default('agent'),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    disabledAt: timestamptz('disabled_at'),
    passwordChangedAt: timestamptz('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Sign-in is by email before any agency is known, so email is unique across the platform.
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_agency_idx').on(t.agencyId, t.createdAt),
    check(
      'users_role_check',
      sql`${t.role} in ('agent', 'agency_admin', 'platform_owner', 'platform_admin')`,
    ),
  ],
)

/** Server-side sessions. The id is the SHA-256 of the cookie's token, so a database leak leaks no session. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agencyId: agencyRef(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').defaultNow().notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_agency_user_idx').on(t.agencyId, t.userId),
    index('sessions_user_idx').on(t.userId),
  ],
)

/** Failed sign-ins by email, counted over a sliding window to throttle password guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    email: text('email').notNull(),
    ipAddress: text('ip_address'),
    attemptedAt: timestamptz('attempted_at').defaultNow().notNull(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.attemptedAt)],
)
