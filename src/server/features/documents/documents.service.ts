import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { documents } from './documents.table.ts'

export interface NewDocument {
  agencyId: string
  kind: 'application_packet'
  filename: string
  contentType: string
  content: Uint8Array
  applicationId: string | null
}

export async function storeDocument(executor: Executor, document: NewDocument): Promise<string> {
  const content = Buffer.from(document.content)
  const [row] = await executor
    .insert(documents)
    .values({
      ...document,
      content,
      sizeBytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    })
    .returning({ id: documents.id })
  return row!.id
}

/** The bytes of one of the agency's documents (for mail attachments). */
export async function readDocumentContent(executor: Executor, agencyId: string, id: string): Promise<Buffer> {
  const [row] = await executor
    .select({ content: documents.content })
    .from(documents)
    .where(and(eq(documents.agencyId, agencyId), eq(documents.id, id)))
  if (!row) throw new Error(`Document ${id} not found`)
  return row.content
}

/** A download by the agency's staff: packets hold personal data, so each read is audited. */
export async function downloadDocument(executor: Executor, ctx: Ctx, id: string) {
  const [row] = await executor
    .select()
    .from(documents)
    .where(and(eq(documents.agencyId, ctx.actor.agencyId), eq(documents.id, id)))
  if (!row) throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
  await recordAudit(executor, ctx, {
    agencyId: ctx.actor.agencyId,
    actorUserId: ctx.actor.userId,
    action: 'document.downloaded',
    entityType: 'document',
    entityId: row.id,
    details: { kind: row.kind, applicationId: row.applicationId },
  })
  return row
}
