import { sql } from 'drizzle-orm'
import { toArrayLiteral } from '#server/db/array-literal.ts'
import type { Db } from '#server/db/connect.ts'
import { CONTENT_COLUMNS, rowsOf } from './audit-chain.ts'
import { linkHash } from './audit-hash.ts'
import { type ChainRow, contentDigestOf } from './audit-verify.ts'

const BATCH = 2000

interface TombstoneCounts {
  tombstoned: number
  /** Events whose hash no longer matched their content: left as they are for the verify walk to name. */
  skippedAltered: number
}

/**
 * One batch of an agency's version 2 events older than its retention period, oldest first, made
 * into tombstones: details, IP address and user agent cleared, redacted_at set. content_hash
 * already holds their personal hash (written with the event), so the verify walk still checks
 * every other field against the chain. The append-only trigger allows exactly this once per
 * version 2 event older than the agency's period (migration 0013); nothing is disabled. Version 1
 * events (content_hash null, written before 0013) are never tombstoned. An event that no longer
 * matches its hash is skipped: tombstoning it would clear the evidence of the alteration.
 */
async function tombstoneBatch(
  db: Db,
  agencyId: string,
  years: number,
  counts: { tombstoned: number; skipped: string[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<ChainRow>(
      await tx.execute(sql`SELECT ${CONTENT_COLUMNS}, sequence::float8 AS sequence, prev_hash, hash,
          content_hash, false AS redacted FROM audit_events
        WHERE agency_id = ${agencyId}::uuid AND hash IS NOT NULL AND redacted_at IS NULL
          AND content_hash IS NOT NULL
          AND created_at < now() - make_interval(years => ${years})
          AND NOT (id = ANY(${toArrayLiteral(counts.skipped)}::uuid[]))
        ORDER BY created_at, id LIMIT ${BATCH} FOR UPDATE`),
    )
    const tombstones: string[] = []
    for (const row of rows) {
      const digest = contentDigestOf(row)
      if (digest !== null && linkHash(row.prev_hash, digest) === row.hash) tombstones.push(row.id)
      else counts.skipped.push(row.id)
    }
    if (tombstones.length > 0)
      await tx.execute(sql`
        UPDATE audit_events SET details = '{}'::jsonb, ip_address = NULL, user_agent = NULL,
          redacted_at = now()
        WHERE id = ANY(${toArrayLiteral(tombstones)}::uuid[])`)
    counts.tombstoned += tombstones.length
    return rows.length
  })
}

/** Tombstones every version 2 event of the agency older than `years`; safe to run again (it skips tombstones). */
export async function tombstoneExpiredAuditEvents(db: Db, agencyId: string, years: number) {
  const counts = { tombstoned: 0, skipped: [] as string[] }
  for (;;) {
    const seen = await tombstoneBatch(db, agencyId, years, counts)
    if (seen < BATCH) break
  }
  return { tombstoned: counts.tombstoned, skippedAltered: counts.skipped.length } satisfies TombstoneCounts
}
