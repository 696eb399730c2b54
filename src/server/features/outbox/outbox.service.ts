import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import { findMailMessages } from '#server/platform/mail.ts'
import type { OutboxMessage } from '#shared/contracts/outbox.contract.ts'

const OUTBOX_SIZE = 200

/** The agency's sent and kept mail, newest first: where email submissions wait without SMTP. */
export async function listOutbox(executor: Executor, { actor }: Ctx, smtpConfigured: boolean) {
  const rows = await findMailMessages(executor, actor.agencyId, OUTBOX_SIZE)
  return {
    smtpConfigured,
    messages: rows.map(
      (row): OutboxMessage => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        status: row.status === 'sent' ? 'sent' : 'kept',
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        attachments: row.attachments,
      }),
    ),
  }
}
