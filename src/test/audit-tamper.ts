import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/connect.ts'
import { CONTENT_COLUMNS, type ContentRow, contentOf, inChain, rowsOf } from '#server/platform/audit-chain.ts'
import { chainKey, contentHash, contentHashV2, linkHash, personalHash } from '#server/platform/audit-hash.ts'

/**
 * Changes audit_events as someone with superuser access to the database would: in a transaction
 * that sets session_replication_role to replica, which skips ordinary triggers (the append-only
 * one included) for that transaction only. The trigger stays in place and in force for every
 * other session, and nothing is dropped or disabled. PGlite's user and the test PostgreSQL's
 * (postgres) are superusers, so this works on both.
 */
export async function tamperWithAudit(db: Db, ...statements: SQL[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`)
    for (const statement of statements) await tx.execute(statement)
  })
}

/**
 * What a careful attacker with database access does after changing an event: recompute every
 * hash from that event to the head, and move the head row, so that the verify walk passes again.
 * Only a checkpoint kept elsewhere shows it.
 */
export async function rewriteChainFrom(db: Db, agencyId: string, fromSequence: number): Promise<void> {
  const rows = rowsOf<
    ContentRow & { sequence: number; prev_hash: string; content_hash: string | null; redacted: boolean }
  >(
    await db.execute(sql`SELECT ${CONTENT_COLUMNS}, sequence::float8 AS sequence, prev_hash, content_hash,
        redacted_at IS NOT NULL AS redacted
      FROM audit_events WHERE ${inChain(agencyId)} AND sequence >= ${fromSequence} ORDER BY audit_events.sequence`),
  )
  let prevHash = rows[0]!.prev_hash
  const updates: SQL[] = []
  for (const row of rows) {
    // Each row rehashed in its own version; a live version 2 row gets its personal hash anew.
    const content = contentOf(row)
    const personal = row.content_hash !== null && !row.redacted ? personalHash(content) : row.content_hash
    const hash = linkHash(
      prevHash,
      personal === null ? contentHash(content) : contentHashV2(content, personal),
    )
    updates.push(sql`UPDATE audit_events SET prev_hash = ${prevHash}, hash = ${hash}, content_hash = ${personal}
      WHERE id = ${row.id}`)
    prevHash = hash
  }
  updates.push(sql`UPDATE audit_chain_heads SET hash = ${prevHash} WHERE chain = ${chainKey(agencyId)}`)
  await tamperWithAudit(db, ...updates)
}
