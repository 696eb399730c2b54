import { sql } from 'drizzle-orm'
import { toArrayLiteral } from '#server/db/array-literal.ts'
import type { Db } from '#server/db/connect.ts'
import { CONTENT_COLUMNS, type ContentRow, contentOf, inChain, lockChainHead, rowsOf } from './audit-chain.ts'
import { chainKey, contentHash, linkHash } from './audit-hash.ts'

const BATCH = 2000

/** Seals up to BATCH of one chain's unsealed events, oldest first, after its head; answers how many. */
async function sealBatch(db: Db, agencyId: string | null): Promise<number> {
  return db.transaction(async (tx) => {
    const head = await lockChainHead(tx, agencyId)
    const rows = rowsOf<ContentRow>(
      await tx.execute(sql`SELECT ${CONTENT_COLUMNS} FROM audit_events
        WHERE ${inChain(agencyId)} AND hash IS NULL ORDER BY created_at, id LIMIT ${BATCH}`),
    )
    if (rows.length === 0) return 0
    const sealed = rows.map((row) => {
      const hash = linkHash(head.hash, contentHash(contentOf(row)))
      const seal = { id: row.id, sequence: head.sequence + 1, prevHash: head.hash, hash }
      head.sequence = seal.sequence
      head.hash = hash
      return seal
    })
    // The trigger lets exactly this through: chain columns set on rows that had none (migration 0010).
    await tx.execute(sql`
      UPDATE audit_events AS e SET sequence = s.sequence, prev_hash = s.prev_hash, hash = s.hash
      FROM unnest(${toArrayLiteral(sealed.map((s) => s.id))}::uuid[],
        ${toArrayLiteral(sealed.map((s) => s.sequence))}::bigint[],
        ${toArrayLiteral(sealed.map((s) => s.prevHash))}::text[],
        ${toArrayLiteral(sealed.map((s) => s.hash))}::text[]) AS s(id, sequence, prev_hash, hash)
      WHERE e.id = s.id`)
    await tx.execute(sql`UPDATE audit_chain_heads SET sequence = ${head.sequence}, hash = ${head.hash}
      WHERE chain = ${chainKey(agencyId)}`)
    return rows.length
  })
}

/**
 * Start-up backfill after migration 0010: chains the events written before the hash chain
 * existed, per agency in the order they were written, a batch per transaction under the chain's
 * lock. Quick when there is nothing to do (a partial index holds only unsealed rows). Answers
 * how many events it sealed.
 */
export async function sealLegacyAuditEvents(db: Db): Promise<number> {
  const chains = rowsOf<{ agency_id: string | null }>(
    await db.execute(sql`SELECT DISTINCT agency_id FROM audit_events WHERE hash IS NULL`),
  )
  let total = 0
  for (const { agency_id: agencyId } of chains) {
    for (;;) {
      const sealed = await sealBatch(db, agencyId)
      total += sealed
      if (sealed < BATCH) break
    }
  }
  return total
}
