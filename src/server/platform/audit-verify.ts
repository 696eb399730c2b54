import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { AuditChainVerification, BrokenAuditEvent } from '#shared/contracts/compliance.contract.ts'
import { CONTENT_COLUMNS, type ContentRow, contentOf, inChain, rowsOf } from './audit-chain.ts'
import { chainKey, contentHash, contentHashV2, GENESIS_HASH, linkHash, personalHash } from './audit-hash.ts'

export interface ChainRow extends ContentRow {
  sequence: number
  prev_hash: string
  hash: string
  content_hash: string | null
  redacted: boolean
}

/**
 * The content hash the event's link was made from, or null when the row cannot have been written
 * as it is (an alteration). Version 1 (content_hash null): the eleven fields hashed together; a
 * version 1 row is never tombstoned, so one marked redacted is altered. Version 2: a live row's
 * personal fields must hash to its content_hash; a tombstone must have them cleared and stands
 * in with content_hash. Either way the remaining fields are hashed with it, so changing an
 * action, actor, entity, time or id breaks the link, tombstone or not.
 */
export function contentDigestOf(row: ChainRow): string | null {
  if (row.content_hash === null) return row.redacted ? null : contentHash(contentOf(row))
  if (row.redacted) {
    if (row.details !== '{}' || row.ip_address !== null || row.user_agent !== null) return null
  } else {
    const personal = personalHash({
      details: row.details === '{}' ? {} : JSON.parse(row.details),
      ipAddress: row.ip_address,
      userAgent: row.user_agent,
    })
    if (personal !== row.content_hash) return null
  }
  return contentHashV2(
    {
      id: row.id,
      agencyId: row.agency_id,
      actorUserId: row.actor_user_id,
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      requestId: row.request_id,
      createdAt: new Date(Number(row.created_ms)),
    },
    row.content_hash,
  )
}

const BATCH = 2000

function readBatch(db: Executor, agencyId: string | null, after: number, upTo: number): Promise<ChainRow[]> {
  const batch = db
    .execute(sql`
      SELECT ${CONTENT_COLUMNS}, sequence::float8 AS sequence, prev_hash, hash, content_hash,
        redacted_at IS NOT NULL AS redacted FROM audit_events
      WHERE ${inChain(agencyId)} AND sequence > ${after} AND sequence <= ${upTo}
      ORDER BY audit_events.sequence LIMIT ${BATCH}`)
    .then((result) => rowsOf<ChainRow>(result))
  // Read ahead: a walk that stops early never awaits it, and its failure must not go unhandled.
  batch.catch(() => {})
  return batch
}

/** The head row's position, read before the walk: a chain that ends before it lost its last events. */
async function recordedHead(db: Executor, agencyId: string | null): Promise<number> {
  const [head] = rowsOf<{ sequence: number }>(
    await db.execute(
      sql`SELECT sequence::float8 AS sequence FROM audit_chain_heads WHERE chain = ${chainKey(agencyId)}`,
    ),
  )
  return head ? Number(head.sequence) : 0
}

async function isHashInChain(db: Executor, agencyId: string | null, hash: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`SELECT 1 FROM audit_events WHERE ${inChain(agencyId)} AND hash = ${hash} LIMIT 1`),
  )
  return rows.length > 0
}

/**
 * Walks one chain from its first event in sequence order, a batch at a time (the next batch is
 * read while this one is hashed), and names the first event that breaks it. `upTo` stops the walk
 * at that position, which the chain must then reach (a checkpoint's head).
 */
export async function verifyAuditChain(
  db: Executor,
  agencyId: string | null,
  options: { upTo?: number } = {},
): Promise<AuditChainVerification> {
  const mustReach = options.upTo ?? (await recordedHead(db, agencyId))
  const limit = options.upTo ?? Number.MAX_SAFE_INTEGER
  let previous = { sequence: 0, hash: GENESIS_HASH }
  const broken = (event: BrokenAuditEvent): AuditChainVerification => ({
    ok: false,
    firstBadEvent: event,
    verifiedEvents: previous.sequence,
  })
  let next = readBatch(db, agencyId, 0, limit)
  for (;;) {
    const rows = await next
    if (rows.length === 0) break
    next = readBatch(db, agencyId, Number(rows[rows.length - 1]!.sequence), limit)
    for (const row of rows) {
      const sequence = Number(row.sequence)
      const expected = previous.sequence + 1
      if (sequence > expected) return broken({ id: row.id, sequence: expected, problem: 'removed' })
      if (sequence < expected) return broken({ id: row.id, sequence, problem: 'reordered' })
      const digest = contentDigestOf(row)
      if (digest === null || linkHash(row.prev_hash, digest) !== row.hash)
        return broken({ id: row.id, sequence, problem: 'altered' })
      if (row.prev_hash !== previous.hash) {
        // Intact, but written after another event than the one before it now.
        const problem = (await isHashInChain(db, agencyId, row.prev_hash)) ? 'reordered' : 'removed'
        return broken({ id: row.id, sequence, problem })
      }
      previous = { sequence, hash: row.hash }
    }
  }
  if (previous.sequence < mustReach)
    return broken({ id: null, sequence: previous.sequence + 1, problem: 'removed' })
  return { ok: true, events: previous.sequence, headHash: previous.hash }
}
