import { z } from 'zod'
import { defineCall } from './call.ts'

export const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** kept: stored here because SMTP is not configured; sent: handed to the SMTP server. */
  status: z.enum(['kept', 'sent']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attachments: z.array(z.object({ documentId: z.string(), filename: z.string() })),
})
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>

export const listOutboxCall = defineCall({
  method: 'GET',
  path: '/api/outbox',
  response: z.object({ messages: z.array(OutboxMessageSchema), smtpConfigured: z.boolean() }),
})
