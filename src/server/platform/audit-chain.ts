import { type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { type AuditContent, chainKey, contentHashV2, GENESIS_HASH, personalHash } from './audit-hash.ts'

/** One chain's last event: its position (0 before the first) and hash (GENESIS_HASH then). */
export interface ChainHead {
  sequence: number
  hash: string
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** The events of one chain: an agency's, or the platform's (agency_id null). Indexable either way. */
export function inChain(agencyId: string | null): SQL {
  return agencyId === null ? sql`agency_id IS NULL` : sql`agency_id = ${agencyId}::uuid`
}

/**
 * The columns an event's content hash is computed from, read the same way by every driver: the
 * time as whole milliseconds since the epoch (older rows hold microseconds, which the canonical
 * form leaves out), details as JSON text for JSON.parse.
 */
export const CONTENT_COLUMNS = sql.raw(`id, agency_id, actor_user_id, action, entity_type, entity_id,
  details::text AS details, ip_address, user_agent, request_id,
  floor(extract(epoch FROM created_at) * 1000)::float8 AS created_ms`)

export interface ContentRow {
  id: string
  agency_id: string | null
  actor_user_id: string | null
  action: string
  entity_type: string | null
  entity_id: string | null
  details: string
  ip_address: string | null
  user_agent: string | null
  request_id: string | null
  created_ms: number
}

export function contentOf(row: ContentRow): AuditContent {
  return {
    id: row.id,
    agencyId: row.agency_id,
    actorUserId: row.actor_user_id,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    details: row.details === '{}' ? {} : JSON.parse(row.details),
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    requestId: row.request_id,
    createdAt: new Date(Number(row.created_ms)),
  }
}

/**
 * `SELECT audit_append(…) AS sequence` (migration 0014) for one event hashed as version 2: move
 * the chain's head, insert the event after it. The head's row lock is held until the caller's
 * transaction ends, so appends to one chain happen one at a time and each follows the head its
 * predecessor committed (UPDATE re-reads the newest committed row, whatever the statement's
 * snapshot). The sequence is null when the chain has no head row yet.
 */
export function auditAppendCall(event: AuditContent): SQL {
  const personal = personalHash(event)
  const digest = contentHashV2(event, personal)
  return sql`SELECT audit_append(${chainKey(event.agencyId)},
    ${event.id}::uuid, ${event.agencyId}::uuid, ${event.actorUserId}::uuid, ${event.action},
    ${event.entityType}, ${event.entityId}, ${JSON.stringify(event.details)}::jsonb, ${event.ipAddress},
    ${event.userAgent}, ${event.requestId}, ${event.createdAt.toISOString()}::timestamptz, ${digest},
    ${personal}) AS sequence`
}

async function insertAfterHead(executor: Executor, event: AuditContent): Promise<boolean> {
  const result = await executor.execute(auditAppendCall(event))
  return rowsOf<{ sequence: unknown }>(result)[0]?.sequence != null
}

/**
 * A chain's head row, made from its last sealed event (or the genesis) when it has none: the
 * first event of an agency, or a head row somebody deleted. Two makers at once are fine.
 */
export async function createChainHead(executor: Executor, agencyId: string | null): Promise<void> {
  await executor.execute(sql`
    INSERT INTO audit_chain_heads (chain, sequence, hash)
    SELECT ${chainKey(agencyId)}, coalesce(last.sequence, 0), coalesce(last.hash, ${GENESIS_HASH})
    FROM (SELECT 1) AS one LEFT JOIN LATERAL (
      SELECT sequence, hash FROM audit_events
      WHERE ${inChain(agencyId)} AND sequence IS NOT NULL ORDER BY sequence DESC LIMIT 1
    ) AS last ON true
    ON CONFLICT (chain) DO NOTHING`)
}

/** A chain's last sealed event, read from the events themselves (not the head row). */
export async function readLastEvent(executor: Executor, agencyId: string | null): Promise<ChainHead> {
  const [last] = rowsOf<ChainHead>(
    await executor.execute(sql`SELECT sequence::float8 AS sequence, hash FROM audit_events
      WHERE ${inChain(agencyId)} AND sequence IS NOT NULL ORDER BY audit_events.sequence DESC LIMIT 1`),
  )
  return last ? { sequence: Number(last.sequence), hash: last.hash } : { sequence: 0, hash: GENESIS_HASH }
}

/**
 * Appends an event whose details are normalised already (normaliseDetails), hashed as version 2:
 * its personal hash is stored in content_hash, where a tombstone keeps it (decision 014).
 */
export async function appendAuditEvent(executor: Executor, event: AuditContent): Promise<void> {
  if (await insertAfterHead(executor, event)) return
  await createChainHead(executor, event.agencyId)
  if (!(await insertAfterHead(executor, event))) throw new Error('The audit chain has no head row')
}

/** Locks a chain's head (making it first if needed) for a writer that appends several events. */
export async function lockChainHead(executor: Executor, agencyId: string | null): Promise<ChainHead> {
  const select = sql`SELECT sequence::float8 AS sequence, hash FROM audit_chain_heads
    WHERE chain = ${chainKey(agencyId)} FOR UPDATE`
  let [head] = rowsOf<ChainHead>(await executor.execute(select))
  if (!head) {
    await createChainHead(executor, agencyId)
    ;[head] = rowsOf<ChainHead>(await executor.execute(select))
  }
  if (!head) throw new Error('The audit chain has no head row')
  return { sequence: Number(head.sequence), hash: head.hash }
}
