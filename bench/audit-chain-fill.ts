// Fills one agency's audit chain with valid events for the verify bench: hashed by the chain's
// own code (audit-hash.ts, version 2 as recordAudit writes them), written a batch at a time as arrays through unnest.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { textArrayLiteral, toArrayLiteral } from '#server/db/array-literal.ts'
import type { Db } from '#server/db/connect.ts'
import {
  type AuditContent,
  contentHashV2,
  GENESIS_HASH,
  linkHash,
  personalHash,
} from '#server/platform/audit-hash.ts'

const BATCH = 10_000
const ACTIONS = ['client.viewed', 'client.updated', 'application.viewed', 'document.downloaded']

export async function fillAuditChain(db: Db, agencyId: string, count: number): Promise<void> {
  const actors = Array.from({ length: 20 }, () => randomUUID())
  const start = Date.now() - count
  let head = { sequence: 0, hash: GENESIS_HASH }
  for (let from = 0; from < count; from += BATCH) {
    const rows: (AuditContent & { sequence: number; prevHash: string; hash: string; personal: string })[] = []
    for (let n = from; n < Math.min(count, from + BATCH); n++) {
      const content: AuditContent = {
        id: randomUUID(),
        agencyId,
        actorUserId: actors[n % actors.length]!,
        action: ACTIONS[n % ACTIONS.length]!,
        entityType: 'client',
        entityId: randomUUID(),
        details: n % 4 === 1 ? { fields: ['email', 'phone'] } : {},
        ipAddress: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
        requestId: randomUUID(),
        createdAt: new Date(start + n),
      }
      const personal = personalHash(content)
      const hash = linkHash(head.hash, contentHashV2(content, personal))
      rows.push({ ...content, sequence: head.sequence + 1, prevHash: head.hash, hash, personal })
      head = { sequence: head.sequence + 1, hash }
    }
    const column = (pick: (row: (typeof rows)[number]) => unknown) => toArrayLiteral(rows.map(pick))
    await db.execute(sql`
      INSERT INTO audit_events (id, agency_id, actor_user_id, action, entity_type, entity_id, details,
        ip_address, user_agent, request_id, created_at, sequence, prev_hash, hash, content_hash)
      SELECT * FROM unnest(${column((r) => r.id)}::uuid[], ${column((r) => r.agencyId)}::uuid[],
        ${column((r) => r.actorUserId)}::uuid[], ${column((r) => r.action)}::text[],
        ${column((r) => r.entityType)}::text[], ${column((r) => r.entityId)}::text[],
        ${textArrayLiteral(rows.map((r) => JSON.stringify(r.details)))}::jsonb[],
        ${column((r) => r.ipAddress)}::text[], ${column((r) => r.userAgent)}::text[],
        ${column((r) => r.requestId)}::text[], ${column((r) => r.createdAt)}::timestamptz[],
        ${column((r) => r.sequence)}::bigint[], ${column((r) => r.prevHash)}::text[],
        ${column((r) => r.hash)}::text[], ${column((r) => r.personal)}::text[])`)
  }
  await db.execute(sql`INSERT INTO audit_chain_heads (chain, sequence, hash)
    VALUES (${agencyId}, ${head.sequence}, ${head.hash})
    ON CONFLICT (chain) DO UPDATE SET sequence = excluded.sequence, hash = excluded.hash`)
}
