import type { Db, Executor } from '#server/db/connect.ts'
import { recordAudit, recordAuditAs } from '#server/platform/audit.ts'
import { tombstoneExpiredAuditEvents } from '#server/platform/audit-retention.ts'
import type { Ctx, RequestMeta } from '#server/platform/context.ts'
import type { Retention } from '#shared/contracts/compliance.contract.ts'
import {
  findRetentionYears,
  listAgencyIds,
  purgeAgencyPersonalData,
  purgeOldLoginFailures,
  readRetentionYears,
  writeRetentionYears,
} from './retention.repository.ts'

export async function getRetention(db: Db, { actor }: Ctx): Promise<Retention> {
  return { retentionYears: await readRetentionYears(db, actor.agencyId) }
}

/** Agency admins only (the route); audited with the period it replaced. */
export function setRetention(db: Db, ctx: Ctx, input: Retention): Promise<Retention> {
  const { agencyId } = ctx.actor
  return db.transaction(async (tx) => {
    const from = await writeRetentionYears(tx, agencyId, input.retentionYears)
    await recordAudit(tx, ctx, {
      action: 'compliance.retention_changed',
      entity: { type: 'agency', id: agencyId },
      details: { from, to: input.retentionYears },
    })
    return { retentionYears: input.retentionYears }
  })
}

const JOB_META: RequestMeta = { ipAddress: null, userAgent: null, requestId: 'retention-job' }

/**
 * One agency's retention run (decision 014), one job of the daily fan-out: version 2 audit
 * events older than its period become tombstones, its old mail and expired sign-in rows are
 * deleted, and one audit event records the counts. Client and application records are the
 * agency's book and are never deleted here. Running it twice changes nothing the second time but
 * adds its event. Answers null for an agency that no longer exists.
 */
export async function applyAgencyRetention(db: Db, agencyId: string) {
  const years = await findRetentionYears(db, agencyId)
  if (years === null) return null
  const audit = await tombstoneExpiredAuditEvents(db, agencyId, years)
  return db.transaction(async (tx) => {
    const purged = await purgeAgencyPersonalData(tx, agencyId, years)
    const details = { retentionYears: years, ...audit, ...purged }
    await recordAuditAs(
      tx,
      JOB_META,
      { agencyId, actorUserId: null },
      { action: 'audit.retention_applied', details },
    )
    return { agencyId, ...details }
  })
}

/** Every agency's id, a page at a time, for the daily run to book one job each. */
export function listRetentionAgencies(executor: Executor, after: string | null, limit: number) {
  return listAgencyIds(executor, after, limit)
}

/** Failed sign-ins belong to no agency: the daily run purges them itself (after 30 days). */
export function purgeExpiredLoginFailures(db: Db): Promise<number> {
  return purgeOldLoginFailures(db)
}
