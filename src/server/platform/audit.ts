import { randomUUID } from 'node:crypto'
import type { Executor } from '#server/db/connect.ts'
import { appendAuditEvent } from './audit-chain.ts'
import { type AuditContent, normaliseDetails } from './audit-hash.ts'
import type { Ctx, RequestMeta } from './context.ts'

/** What happened, to what, with what details: the event a change or a sensitive read writes. */
export interface AuditEvent {
  action: string
  entity?: { type: string; id?: string }
  details?: Record<string, unknown>
}

/** Whose chain the event joins (null: the platform's) and who did it (null: the system or a visitor). */
export interface AuditParty {
  agencyId: string | null
  actorUserId: string | null
}

// The database stores UTF-8: a lone surrogate (a user agent cut mid-pair) would be stored as a
// replacement character the hash never saw.
function wellFormed(text: string | null | undefined): string | null {
  return text == null ? null : (text as unknown as { toWellFormed(): string }).toWellFormed()
}

/** The event recordAudit writes for an entry: well-formed strings, normalised details, the time now. */
export function auditEventOf(meta: RequestMeta, party: AuditParty, entry: AuditEvent): AuditContent {
  return {
    id: randomUUID(),
    agencyId: party.agencyId,
    actorUserId: party.actorUserId,
    action: wellFormed(entry.action)!,
    entityType: wellFormed(entry.entity?.type),
    entityId: wellFormed(entry.entity?.id),
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
export async function recordAuditAs(
  executor: Executor,
  meta: RequestMeta,
  party: AuditParty,
  event: AuditEvent,
): Promise<void> {
  await appendAuditEvent(executor, auditEventOf(meta, party, event))
}

/** The signed-in caller's event, in their agency's chain: the agency and the actor come from `ctx`. */
export function recordAudit(executor: Executor, ctx: Ctx, event: AuditEvent): Promise<void> {
  return recordAuditAs(executor, ctx, { agencyId: ctx.actor.agencyId, actorUserId: ctx.actor.userId }, event)
}
