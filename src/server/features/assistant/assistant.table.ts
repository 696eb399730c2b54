import { sql } from 'drizzle-orm'
import { boolean, index, jsonb, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'
import type { Citation } from '#shared/contracts/assistant.contract.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'

/** A user's conversation with the assistant: each user sees only their own. */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: id(),
    agencyId: agencyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    conversationType: text('conversation_type').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ai_conversations_user_idx').on(t.agencyId, t.userId, t.updatedAt)],
)

export const aiMessages = pgTable(
  'ai_messages',
  {
    id: id(),
    agencyId: agencyRef(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<unknown[]>().notNull().default([]),
    /** built_in or model for the assistant's messages; null for the user's. */
    answeredBy: text('answered_by'),
    citations: jsonb('citations').$type<Citation[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('ai_messages_conversation_idx').on(t.agencyId, t.conversationId, t.createdAt)],
)

/**
 * Values the assistant proposed for a form. An open suggestion (not accepted) is kept once per
 * user, form, field and value: typing the same ZIP again finds it rather than adding a copy.
 */
export const aiFormSuggestions = pgTable(
  'ai_form_suggestions',
  {
    id: id(),
    agencyId: agencyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formType: text('form_type').notNull(),
    fieldName: text('field_name').notNull(),
    suggestedValue: text('suggested_value').notNull(),
    confidence: real('confidence').notNull(),
    basedOn: text('based_on').notNull(),
    isAccepted: boolean('is_accepted').notNull().default(false),
    acceptedAt: timestamptz('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ai_form_suggestions_user_idx').on(t.agencyId, t.userId, t.formType, t.createdAt),
    uniqueIndex('ai_form_suggestions_open_key')
      .on(t.agencyId, t.userId, t.formType, t.fieldName, t.suggestedValue)
      .where(sql`${t.isAccepted} = false`),
  ],
)
