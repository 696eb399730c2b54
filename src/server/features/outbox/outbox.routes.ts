import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import { mailMessages } from '#server/platform/mail.table.ts'
import { listOutboxCall } from '#shared/contracts/bulk-submission.contract.ts'

const OUTBOX_SIZE = 200

/** The agency's sent and kept mail, newest first: where email submissions wait without SMTP. */
export function outboxRoutes(
  app: FastifyInstance,
  { db, smtpConfigured }: { db: Db; smtpConfigured: boolean },
) {
  registerCall(app, listOutboxCall, {}, async ({ raw }) => {
    const { actor } = requireCtx(raw)
    const rows = await db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.agencyId, actor.agencyId))
      .orderBy(desc(mailMessages.createdAt))
      .limit(OUTBOX_SIZE)
    return {
      smtpConfigured,
      messages: rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        status: row.status === 'sent' ? ('sent' as const) : ('kept' as const),
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        attachments: row.attachments,
      })),
    }
  })
}
