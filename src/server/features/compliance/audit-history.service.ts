import { millisecondsInDay } from 'date-fns/constants'
import type { Db, Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { AuditHistoryFilters, AuditRecord } from '#shared/contracts/compliance.contract.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { getApplication } from '../applications/applications.service.ts'
import { findUserContact } from '../auth/auth.service.ts'
import { type AuditEventQuery, findAuditEvents, findTrailEvents } from './audit-history.repository.ts'
import { type AuditEventRow, toAuditRecord } from './audit-record.service.ts'

const DAY_MS = millisecondsInDay
/** An application's trail is answered whole up to this many events, newest first. */
export const TRAIL_LIMIT = 1000

/**
 * Who sees which events (decision 014): an agency admin the whole agency's, anyone else only the
 * events they caused. Events hold colleagues' IP addresses and what they looked at.
 */
export function visibleActor({ actor }: Ctx): string | undefined {
  return isAgencyAdmin(actor.role) ? undefined : actor.userId
}

export function queryOf(
  ctx: Ctx,
  filters: AuditHistoryFilters,
  limit: number,
  cursor?: string,
): AuditEventQuery {
  const own = visibleActor(ctx)
  return {
    agencyId: ctx.actor.agencyId,
    // An agent asking for a colleague's events gets none, not the colleague's.
    actorUserId:
      own && filters.userId && filters.userId !== own
        ? '00000000-0000-0000-0000-000000000000'
        : (own ?? filters.userId),
    action: filters.action,
    entityType: filters.entityType,
    entityId: filters.entityId,
    since: filters.from ? new Date(`${filters.from}T00:00:00Z`) : undefined,
    until: filters.to ? new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS) : undefined,
    beforeSequence: cursor ? Number(cursor) : undefined,
    limit,
  }
}

/** Names the actors of a list of events, one look-up per person (cached across pages by the caller). */
export async function toRecords(
  db: Executor,
  agencyId: string,
  rows: AuditEventRow[],
  names: Map<string, string | null>,
  applicationOf: (row: AuditEventRow) => string | null = (row) =>
    row.entityType === 'application' ? row.entityId : null,
): Promise<AuditRecord[]> {
  for (const row of rows) {
    const id = row.actorUserId
    if (id && !names.has(id)) names.set(id, (await findUserContact(db, agencyId, id))?.name ?? null)
  }
  return rows.map((row) =>
    toAuditRecord(row, {
      actorName: row.actorUserId ? (names.get(row.actorUserId) ?? null) : null,
      applicationId: applicationOf(row),
    }),
  )
}

export const auditedFilters = (filters: AuditHistoryFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined))

/** A page of the audit history. Reading it is audited: it shows who looked at what, from where. */
export function listAuditHistory(
  db: Db,
  ctx: Ctx,
  query: AuditHistoryFilters & { limit: number; cursor?: string },
) {
  const { agencyId } = ctx.actor
  return db.transaction(async (tx) => {
    const rows = await findAuditEvents(tx, queryOf(ctx, query, query.limit + 1, query.cursor))
    const page = rows.slice(0, query.limit)
    const data = await toRecords(tx, agencyId, page, new Map())
    await recordAudit(tx, ctx, {
      action: 'audit.history_viewed',
      details: { filters: auditedFilters(query), cursor: query.cursor ?? null, shown: data.length },
    })
    const last = page[page.length - 1]
    return {
      data,
      auditHistory: data,
      nextCursor: rows.length > query.limit && last ? String(last.sequence) : null,
    }
  })
}

/**
 * The events about one of the agency's applications: the application itself, its carrier
 * submissions and their packets. 404 when it is not the agency's (getApplication).
 */
export async function readApplicationTrail(tx: Executor, ctx: Ctx, applicationId: string) {
  const application = await getApplication(tx, ctx, applicationId)
  const rows = await findTrailEvents(
    tx,
    ctx.actor.agencyId,
    {
      applicationId,
      submissionIds: application.submissions.map((s) => s.id),
      documentIds: application.submissions.flatMap((s) => (s.documentId ? [s.documentId] : [])),
    },
    { actorUserId: visibleActor(ctx), limit: TRAIL_LIMIT },
  )
  const records = await toRecords(tx, ctx.actor.agencyId, rows, new Map(), () => applicationId)
  return { application, records }
}

/** 'Application Audit Trail'. Viewing it is audited (against the application, outside its own trail). */
export function getApplicationTrail(db: Db, ctx: Ctx, applicationId: string) {
  return db.transaction(async (tx) => {
    const { records } = await readApplicationTrail(tx, ctx, applicationId)
    await recordAudit(tx, ctx, {
      action: 'audit.trail_viewed',
      details: { applicationId, shown: records.length },
    })
    return { data: records }
  })
}
