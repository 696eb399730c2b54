import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import { listOutboxCall } from '#shared/contracts/outbox.contract.ts'
import { listOutbox } from './outbox.service.ts'

export function outboxRoutes(
  app: FastifyInstance,
  { db, smtpConfigured }: { db: Db; smtpConfigured: boolean },
) {
  registerCall(app, listOutboxCall, {}, async ({ raw }) => listOutbox(db, requireCtx(raw), smtpConfigured))
}
