import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findPolicyRef } from '../policies/policies.service.ts'
import { findAuditEvents } from './audit-history.repository.ts'
import { toRecords, visibleActor } from './audit-history.service.ts'

/**
 * A page of a policy's history: the events whose target is the policy, newest first by chain
 * position, each actor named. 404 when the policy is not the agency's. Reading it is audited, as
 * every read of the audit history is, outside the policy's own history.
 */
export function listPolicyHistory(
  db: Db,
  ctx: Ctx,
  policyId: string,
  query: { limit: number; cursor?: string },
) {
  const { agencyId } = ctx.actor
  return db.transaction(async (tx) => {
    if (!(await findPolicyRef(tx, agencyId, policyId))) {
      throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
    }
    const rows = await findAuditEvents(tx, {
      agencyId,
      actorUserId: visibleActor(ctx),
      entityType: 'policy',
      entityId: policyId,
      beforeSequence: query.cursor ? Number(query.cursor) : undefined,
      limit: query.limit + 1,
    })
    const page = rows.slice(0, query.limit)
    const data = await toRecords(tx, agencyId, page, new Map(), () => null)
    await recordAudit(tx, ctx, {
      action: 'audit.policy_trail_viewed',
      details: { policyId, cursor: query.cursor ?? null, shown: data.length },
    })
    const last = page.at(-1)
    return { data, nextCursor: rows.length > query.limit && last ? String(last.sequence) : null }
  })
}
