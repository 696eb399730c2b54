import { sql } from 'drizzle-orm'
import { toArrayLiteral } from '#server/db/array-literal.ts'
import type { Db } from '#server/db/connect.ts'
import { CONTENT_COLUMNS, type ContentRow, contentOf, rowsOf } from './audit-chain.ts'
import { contentHash, linkHash } from './audit-hash.ts'

const BATCH = 2000

interface TombstoneCounts {
  tombstoned: number
  /** Events whose hash no longer matched their content: left as they are for the verify walk to name. */
  skippedAltered: number
}

/**
 * One batch of an agency's events older than its retention period, oldest first, made into
 * tombstones: details, IP address and user agent cleared, the content hash they had kept in
 * content_hash (the verify walk uses it instead of hashing the cleared content), redacted_at
 * set. The append-only trigger allows exactly this once per sealed event older than a year
 * (migration 0011); nothing is disabled. An event that no longer matches its hash is skipped:
 * tombstoning it would replace the altered content by a hash of it and hide the alteration.
 */
async function tombstoneBatch(
  db: Db,
  agencyId: string,
  years: number,
  counts: { tombstoned: number; skipped: string[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<ContentRow & { prev_hash: string; hash: string }>(
      await tx.execute(sql`SELECT ${CONTENT_COLUMNS}, prev_hash, hash FROM audit_events
        WHERE agency_id = ${agencyId}::uuid AND hash IS NOT NULL AND redacted_at IS NULL
          AND created_at < now() - make_interval(years => ${years})
          AND NOT (id = ANY(${toArrayLiteral(counts.skipped)}::uuid[]))
        ORDER BY created_at, id LIMIT ${BATCH} FOR UPDATE`),
    )
    const tombstones: { id: string; digest: string }[] = []
    for (const row of rows) {
      const digest = contentHash(contentOf(row))
      if (linkHash(row.prev_hash, digest) === row.hash) tombstones.push({ id: row.id, digest })
      else counts.skipped.push(row.id)
    }
    if (tombstones.length > 0)
      await tx.execute(sql`
        UPDATE audit_events AS e SET details = '{}'::jsonb, ip_address = NULL, user_agent = NULL,
          content_hash = t.digest, redacted_at = now()
        FROM unnest(${toArrayLiteral(tombstones.map((t) => t.id))}::uuid[],
          ${toArrayLiteral(tombstones.map((t) => t.digest))}::text[]) AS t(id, digest)
        WHERE e.id = t.id`)
    counts.tombstoned += tombstones.length
    return rows.length
  })
}

/** Tombstones every event of the agency older than `years`; safe to run again (it skips tombstones). */
export async function tombstoneExpiredAuditEvents(db: Db, agencyId: string, years: number) {
  const counts = { tombstoned: 0, skipped: [] as string[] }
  for (;;) {
    const seen = await tombstoneBatch(db, agencyId, years, counts)
    if (seen < BATCH) break
  }
  return { tombstoned: counts.tombstoned, skippedAltered: counts.skipped.length } satisfies TombstoneCounts
}
