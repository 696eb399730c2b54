import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz } from '#server/db/columns.ts'

export interface MailAttachment {
  documentId: string
  filename: string
}

/** Every message the product sends. Without SMTP_URL it stays here (status 'kept') for the outbox screen. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    agencyId: uuid('agency_id'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    status: text('status').notNull(),
    transport: text('transport').notNull(),
    providerMessageId: text('provider_message_id'),
    /** Documents attached to the message (by id), e.g. an application packet. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [index('mail_messages_agency_idx').on(t.agencyId, t.createdAt)],
)
