import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { tombstoneExpiredAuditEvents } from '#server/platform/audit-retention.ts'
import type { Ctx, RequestMeta } from '#server/platform/context.ts'
import type { Retention } from '#shared/contracts/compliance.contract.ts'
import {
  listAgencyRetention,
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
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const from = await writeRetentionYears(tx, agencyId, input.retentionYears)
    await recordAudit(tx, ctx, {
      agencyId,
      actorUserId: userId,
      action: 'compliance.retention_changed',
      entityType: 'agency',
      entityId: agencyId,
      details: { from, to: input.retentionYears },
    })
    return { retentionYears: input.retentionYears }
  })
}

const JOB_META: RequestMeta = { ipAddress: null, userAgent: null, requestId: 'retention-job' }

/** One agency whose run failed: the others go on, and the job logs it. */
export interface RetentionFailure {
  agencyId: string
  error: string
}

async function applyAgencyRetention(db: Db, agencyId: string, years: number) {
  const audit = await tombstoneExpiredAuditEvents(db, agencyId, years)
  return db.transaction(async (tx) => {
    const purged = await purgeAgencyPersonalData(tx, agencyId, years)
    const details = { retentionYears: years, ...audit, ...purged }
    await recordAudit(tx, JOB_META, {
      agencyId,
      actorUserId: null,
      action: 'audit.retention_applied',
      details,
    })
    return { agencyId, ...details }
  })
}

/**
 * The daily retention run (decision 014), agency by agency: version 2 audit events older than
 * the agency's period become tombstones, its old mail and expired sign-in rows are deleted, and
 * one audit event records the counts. Client and application records are the agency's book and
 * are never deleted here. An agency whose run fails is named in `failures` and the others still
 * run. Running it twice changes nothing the second time but adds its event.
 */
export async function applyRetention(db: Db, options: { agencyId?: string } = {}) {
  const agencies = (await listAgencyRetention(db)).filter(
    (a) => !options.agencyId || a.id === options.agencyId,
  )
  const runs = []
  const failures: RetentionFailure[] = []
  for (const agency of agencies) {
    try {
      runs.push(await applyAgencyRetention(db, agency.id, Number(agency.retention_years)))
    } catch (error) {
      failures.push({ agencyId: agency.id, error: error instanceof Error ? error.message : String(error) })
    }
  }
  const loginFailures = options.agencyId ? 0 : await purgeOldLoginFailures(db)
  return { runs, failures, loginFailures }
}
