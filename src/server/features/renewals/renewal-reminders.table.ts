import { date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { renewals } from './renewals.table.ts'

/**
 * Each in-app reminder sent: a renewal's milestone fell due (`due`, on its date) or was missed
 * (`overdue`, from the day after), told to its assignee once. The unique key is what makes the
 * daily job idempotent: a second run finds the reminder written and sends nothing.
 */
export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    id: id(),
    agencyId: agencyRef(),
    renewalId: uuid('renewal_id')
      .notNull()
      .references(() => renewals.id),
    userId: uuid('user_id').notNull(),
    /** The milestone's date the reminder was about: a new date (a move, new settings) reminds again. */
    dueDate: date('due_date').notNull(),
    kind: text('kind').$type<'due' | 'overdue'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('renewal_reminders_key').on(t.agencyId, t.renewalId, t.userId, t.dueDate, t.kind),
    index('renewal_reminders_user_idx').on(t.agencyId, t.userId, t.createdAt),
  ],
)

/** The daily digest mailed to a user on a day of their agency's calendar: at most one a day. */
export const renewalDigests = pgTable(
  'renewal_digests',
  {
    agencyId: agencyRef(),
    userId: uuid('user_id').notNull(),
    day: date('day').notNull(),
    /** How many renewals were due or overdue that morning. */
    renewalCount: integer('renewal_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.userId, t.day] })],
)
