import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
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
    /** The TOTP secret (base32), sealed with the field cipher; set once enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamptz('totp_enabled_at'),
    /** The last TOTP time step accepted: a code of this step or earlier is a replay. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Notification preferences (spec part 2 §3), with the spec's defaults. */
    notifyApplicationUpdates: boolean('notify_application_updates').notNull().default(true),
    notifyMarketing: boolean('notify_marketing').notNull().default(false),
    notifySecurity: boolean('notify_security').notNull().default(true),
    notifyWeekly: boolean('notify_weekly').notNull().default(true),
    /** Ours (issue #31): the daily digest of the user's renewals due or overdue. */
    notifyRenewals: boolean('notify_renewals').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Sign-in is by email before any agency is known, so email is unique across the platform.
    uniqueIndex('users_email_key').on(t.email),
    // Emails are stored lower-cased; this keeps them unique whatever a writer forgets.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
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

/** Single-use two-factor recovery codes; only their SHA-256 is kept. Ten are issued at a time. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    agencyId: agencyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
)

/**
 * A sign-in that passed the password and still owes a second step: a TOTP or recovery code
 * ('verify'), or enrolment when the agency requires two-factor ('enrol', with the secret being
 * enrolled, sealed). The id is the SHA-256 of the token in the browser's challenge cookie.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    agencyId: agencyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    method: text('method').notNull().default('password'),
    pendingSecret: text('pending_secret'),
    failures: integer('failures').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('sign_in_challenges_user_idx').on(t.userId),
    check('sign_in_challenges_kind_check', sql`${t.kind} in ('verify', 'enrol')`),
  ],
)

/** Devices a user has signed in from (the SHA-256 of a long-lived device cookie), for new-device alerts. */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: id(),
    agencyId: agencyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    firstSeenAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').defaultNow().notNull(),
  },
  (t) => [uniqueIndex('known_devices_user_device_key').on(t.userId, t.deviceHash)],
)
