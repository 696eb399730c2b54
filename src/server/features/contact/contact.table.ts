import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '#server/db/columns.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'

/**
 * Messages to the platform's support team. Not an agency's data: visitors write without one, and
 * platform staff read them all, so agency_id is only the sender's agency when they wrote signed in
 * (decision 017).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    /** What the sender quotes: SUP- and eight characters. */
    reference: text('reference').notNull(),
    agencyId: uuid('agency_id').references(() => agencies.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull(),
    message: text('message').notNull(),
    agentId: text('agent_id'),
    currentPlan: text('current_plan'),
    browserInfo: text('browser_info'),
    consentToFollow: boolean('consent_to_follow').notNull().default(true),
    status: text('status').notNull().default('open'),
    /** Where it came from: the hourly limit counts by it. */
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contact_messages_reference_key').on(t.reference),
    index('contact_messages_inbox_idx').on(t.status, t.createdAt, t.id),
    index('contact_messages_created_idx').on(t.createdAt, t.id),
    index('contact_messages_ip_idx').on(t.ipAddress, t.createdAt),
    index('contact_messages_email_idx').on(sql`lower(${t.email})`, t.createdAt),
  ],
)

/** Support's answers, each also mailed to the sender. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
)
