import { sql } from 'drizzle-orm'
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'

export interface NotificationAttachment {
  name: string
  url?: string
}

/** A notification belongs to the one user who receives it. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    agencyId: agencyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull().default('update'),
    priority: text('priority').notNull().default('normal'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamptz('read_at'),
    deliveredAt: timestamptz('delivered_at').defaultNow().notNull(),
    attachments: jsonb('attachments').$type<NotificationAttachment[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.agencyId, t.userId, t.deliveredAt),
    index('notifications_unread_idx').on(t.agencyId, t.userId).where(sql`${t.isRead} = false`),
  ],
)
