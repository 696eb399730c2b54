import { type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { rowsOf } from '#server/platform/audit-chain.ts'
import type { AuditEventRow } from './audit-record.service.ts'

export interface AuditEventQuery {
  agencyId: string
  /** Only this user's events: an agent's own view, or the user filter. */
  actorUserId?: string
  action?: string
  entityType?: string
  entityId?: string
  /** Inclusive start and exclusive end of the period. */
  since?: Date
  until?: Date
  /** Events before this chain position (the page cursor). */
  beforeSequence?: number
  limit: number
}

interface Row {
  id: string
  actor_user_id: string | null
  action: string
  entity_type: string | null
  entity_id: string | null
  details: Record<string, unknown> | string
  ip_address: string | null
  user_agent: string | null
  created_at: Date | string
  sequence: number
  redacted: boolean
}

const COLUMNS = sql.raw(`id, actor_user_id, action, entity_type, entity_id, details, ip_address, user_agent,
  created_at, sequence::float8 AS sequence, redacted_at IS NOT NULL AS redacted`)

function toRow(row: Row): AuditEventRow {
  return {
    id: row.id,
    actorUserId: row.actor_user_id,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    details: typeof row.details === 'string' ? JSON.parse(row.details) : (row.details ?? {}),
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    createdAt: new Date(row.created_at),
    sequence: Number(row.sequence),
    redacted: row.redacted,
  }
}

function conditionsOf(query: AuditEventQuery): SQL {
  const where: SQL[] = [sql`agency_id = ${query.agencyId}::uuid`, sql`sequence IS NOT NULL`]
  if (query.beforeSequence !== undefined) where.push(sql`sequence < ${query.beforeSequence}`)
  if (query.actorUserId) where.push(sql`actor_user_id = ${query.actorUserId}::uuid`)
  if (query.action) where.push(sql`action = ${query.action}`)
  if (query.entityType) where.push(sql`entity_type = ${query.entityType}`)
  if (query.entityId) where.push(sql`entity_id = ${query.entityId}`)
  if (query.since) where.push(sql`created_at >= ${query.since.toISOString()}::timestamptz`)
  if (query.until) where.push(sql`created_at < ${query.until.toISOString()}::timestamptz`)
  return sql.join(where, sql` AND `)
}

/**
 * A page of one agency's events, newest first by chain position: the unique index on
 * (agency_id, sequence) read backwards, so the first page of a million events reads one page of
 * index (bench/audit-history). Filters are conditions on that walk. ORDER BY names the table's
 * column: plain `sequence` would be the float8 alias of the select list, which no index serves.
 */
export async function findAuditEvents(db: Executor, query: AuditEventQuery): Promise<AuditEventRow[]> {
  const result = await db.execute(sql`SELECT ${COLUMNS} FROM audit_events
    WHERE ${conditionsOf(query)} ORDER BY audit_events.sequence DESC LIMIT ${query.limit}`)
  return rowsOf<Row>(result).map(toRow)
}

/** How many events match, counting no further than `query.limit` (a bounded walk of the index). */
export async function countAuditEvents(db: Executor, query: AuditEventQuery): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM (
      SELECT 1 FROM audit_events WHERE ${conditionsOf(query)} LIMIT ${query.limit}) AS matching`),
  )
  return Number(row?.n ?? 0)
}

/** The records an application's trail is made of, as (entity type, ids) pairs. */
export interface TrailEntities {
  applicationId: string
  submissionIds: string[]
  documentIds: string[]
}

/** Events about an application, its carrier submissions and their packets, newest first (entity index). */
export async function findTrailEvents(
  db: Executor,
  agencyId: string,
  entities: TrailEntities,
  options: { actorUserId?: string; limit: number },
): Promise<AuditEventRow[]> {
  const about = [sql`(entity_type = 'application' AND entity_id = ${entities.applicationId})`]
  for (const [type, ids] of [
    ['carrier_submission', entities.submissionIds],
    ['document', entities.documentIds],
  ] as const) {
    if (ids.length > 0)
      about.push(
        sql`(entity_type = ${type} AND entity_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
      )
  }
  const actor = options.actorUserId ? sql` AND actor_user_id = ${options.actorUserId}::uuid` : sql``
  const result = await db.execute(sql`SELECT ${COLUMNS} FROM audit_events
    WHERE agency_id = ${agencyId}::uuid AND sequence IS NOT NULL AND (${sql.join(about, sql` OR `)})${actor}
    ORDER BY audit_events.sequence DESC LIMIT ${options.limit}`)
  return rowsOf<Row>(result).map(toRow)
}
