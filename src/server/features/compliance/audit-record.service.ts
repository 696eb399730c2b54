import type { AuditRecord } from '#shared/contracts/compliance.contract.ts'
import { describeAuditAction } from '#shared/domain/audit-actions.ts'

/** An event row as the history and the trail read it. */
export interface AuditEventRow {
  id: string
  actorUserId: string | null
  action: string
  entityType: string | null
  entityId: string | null
  details: Record<string, unknown>
  ipAddress: string | null
  userAgent: string | null
  createdAt: Date
  sequence: number
  redacted: boolean
}

const stringOf = (value: unknown) => (typeof value === 'string' && value ? value : null)

/**
 * One event as the spec's audit record. `applicationId` is the event's application when it is
 * about one (directly, or through a carrier submission whose application the caller looked up).
 */
export function toAuditRecord(
  row: AuditEventRow,
  context: { actorName: string | null; applicationId: string | null },
): AuditRecord {
  const meaning = describeAuditAction(row.action)
  return {
    id: row.id,
    action: meaning.kind,
    dataAccessed: meaning.data,
    actionDescription: meaning.description,
    createdAt: row.createdAt.toISOString(),
    applicationId: context.applicationId ?? stringOf(row.details.applicationId),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    fileName: stringOf(row.details.fileName) ?? stringOf(row.details.filename),
    event: row.action,
    actorUserId: row.actorUserId,
    actorName: context.actorName,
    entityType: row.entityType,
    entityId: row.entityId,
    sequence: row.sequence,
    redacted: row.redacted,
  }
}
