import { randomUUID } from 'node:crypto'
import type { Executor } from '#server/db/connect.ts'
import { appendAuditEvent } from './audit-chain.ts'
import { type AuditContent, normaliseDetails } from './audit-hash.ts'
import type { RequestMeta } from './context.ts'

export interface AuditEntry {
  agencyId: string | null
  actorUserId: string | null
  action: string
  entityType?: string
  entityId?: string
  details?: Record<string, unknown>
}

// The database stores UTF-8: a lone surrogate (a user agent cut mid-pair) would be stored as a
// replacement character the hash never saw.
function wellFormed(text: string | null | undefined): string | null {
  return text == null ? null : (text as unknown as { toWellFormed(): string }).toWellFormed()
}

/** The event recordAudit writes for an entry: well-formed strings, normalised details, the time now. */
export function auditEventOf(meta: RequestMeta, entry: AuditEntry): AuditContent {
  return {
    id: randomUUID(),
    agencyId: entry.agencyId,
    actorUserId: entry.actorUserId,
    action: wellFormed(entry.action)!,
    entityType: wellFormed(entry.entityType),
    entityId: wellFormed(entry.entityId),
    details: normaliseDetails(entry.details ?? {}),
    ipAddress: wellFormed(meta.ipAddress),
    userAgent: wellFormed(meta.userAgent?.slice(0, 512)),
    requestId: wellFormed(meta.requestId),
    // Whole milliseconds, as the canonical form has them.
    createdAt: new Date(),
  }
}

/**
 * Writes one audit event at the end of its agency's hash chain (decision 011). Pass the
 * transaction of the change it describes, so that the event and the change are committed together
 * or not at all; the chain's head stays locked until that transaction ends.
 */
export async function recordAudit(executor: Executor, meta: RequestMeta, entry: AuditEntry): Promise<void> {
  await appendAuditEvent(executor, auditEventOf(meta, entry))
}
