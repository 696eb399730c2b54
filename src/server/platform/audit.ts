import type { Executor } from '#server/db/connect.ts'
import { auditEvents } from './audit.table.ts'
import type { RequestMeta } from './context.ts'

export interface AuditEntry {
  agencyId: string | null
  actorUserId: string | null
  action: string
  entityType?: string
  entityId?: string
  details?: Record<string, unknown>
}

/**
 * Writes one audit event. Pass the transaction of the change it describes, so that the event and
 * the change are committed together or not at all.
 */
export async function recordAudit(executor: Executor, meta: RequestMeta, entry: AuditEntry): Promise<void> {
  await executor.insert(auditEvents).values({
    agencyId: entry.agencyId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    details: entry.details ?? {},
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    requestId: meta.requestId,
  })
}
