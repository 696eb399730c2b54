import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/connect.ts'
import { tamperWithAudit } from '#test/audit-tamper.ts'
import { createTestDatabase } from '#test/test-db.ts'
import { recordAuditAs } from './audit.ts'
import { appendAuditEvent, lockChainHead, rowsOf } from './audit-chain.ts'
import { type AuditContent, contentHash, linkHash, normaliseDetails, personalHash } from './audit-hash.ts'
import { tombstoneExpiredAuditEvents } from './audit-retention.ts'
import { verifyAuditChain } from './audit-verify.ts'

// These agencies have no agencies row: the trigger then allows a tombstone after 7 years, as
// for platform events, so the events here are 8 years old and the job runs with 7.
let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const YEAR_MS = 365.25 * 86_400_000

function eventOf(agencyId: string, ageYears: number, action = 'client.viewed'): AuditContent {
  return {
    id: randomUUID(),
    agencyId,
    actorUserId: randomUUID(),
    action,
    entityType: 'client',
    entityId: randomUUID(),
    details: normaliseDetails({ field: 'ssn', note: 'seen' }),
    ipAddress: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (test)',
    requestId: 'req-1',
    createdAt: new Date(Math.floor(Date.now() - ageYears * YEAR_MS)),
  }
}

/** A version 1 event as written before migration 0013: the eleven fields hashed together, no content_hash. */
async function appendV1(event: AuditContent): Promise<void> {
  await database.db.transaction(async (tx) => {
    const head = await lockChainHead(tx, event.agencyId)
    const hash = linkHash(head.hash, contentHash(event))
    await tx.execute(sql`INSERT INTO audit_events (id, agency_id, actor_user_id, action, entity_type, entity_id,
        details, ip_address, user_agent, request_id, created_at, sequence, prev_hash, hash)
      VALUES (${event.id}::uuid, ${event.agencyId}::uuid, ${event.actorUserId}::uuid, ${event.action},
        ${event.entityType}, ${event.entityId}, ${JSON.stringify(event.details)}::jsonb, ${event.ipAddress},
        ${event.userAgent}, ${event.requestId}, ${event.createdAt.toISOString()}::timestamptz,
        ${head.sequence + 1}, ${head.hash}, ${hash})`)
    await tx.execute(sql`UPDATE audit_chain_heads SET sequence = ${head.sequence + 1}, hash = ${hash}
      WHERE chain = ${event.agencyId}`)
  })
}

/** An agency with `v1` version 1 events then `v2` version 2 ones, all 8 years old. */
async function chainOf(v1: number, v2: number) {
  const agencyId = randomUUID()
  const events: AuditContent[] = []
  for (let n = 0; n < v1 + v2; n++) {
    const event = eventOf(agencyId, 8, `test.event_${n}`)
    if (n < v1) await appendV1(event)
    else await appendAuditEvent(database.db, event)
    events.push(event)
  }
  return { agencyId, events }
}

const altered = (id: string) => ({ ok: false, firstBadEvent: { id, problem: 'altered' } })

describe('version 2 events', () => {
  it('carry the hash of their personal fields from the moment they are written', async () => {
    const agencyId = randomUUID()
    await recordAuditAs(
      database.db,
      { ipAddress: '10.0.0.1', userAgent: 'ua', requestId: 'r' },
      { agencyId, actorUserId: null },
      { action: 'test.v2', details: { b: 1, a: 2 } },
    )
    const [row] = rowsOf<{ content_hash: string | null }>(
      await database.db.execute(sql`SELECT content_hash FROM audit_events WHERE agency_id = ${agencyId}`),
    )
    expect(row!.content_hash).toBe(
      personalHash({ details: { a: 2, b: 1 }, ipAddress: '10.0.0.1', userAgent: 'ua' }),
    )
    await expect(
      database.db.execute(sql`INSERT INTO audit_events (agency_id, action, sequence, prev_hash, hash)
        VALUES (${agencyId}::uuid, 'test.unhashed', 99, 'x', 'y')`),
    ).rejects.toThrow()
  })
})

describe('a tombstone', () => {
  it('verifies when the job made it, with a mixed chain and up to a checkpoint', async () => {
    const { agencyId, events } = await chainOf(2, 3)
    expect(await tombstoneExpiredAuditEvents(database.db, agencyId, 7)).toEqual({
      tombstoned: 3,
      skippedAltered: 0,
    })
    const rows = rowsOf<{ id: string; details: Record<string, unknown>; redacted: boolean }>(
      await database.db.execute(sql`SELECT id, details, redacted_at IS NOT NULL AS redacted FROM audit_events
        WHERE agency_id = ${agencyId} ORDER BY sequence`),
    )
    // Version 1 events keep their details: they are never tombstoned.
    expect(rows.map((r) => r.redacted)).toEqual([false, false, true, true, true])
    expect(rows[0]!.details).toEqual({ field: 'ssn', note: 'seen' })
    expect(await verifyAuditChain(database.db, agencyId)).toMatchObject({ ok: true, events: 5 })
    expect(await verifyAuditChain(database.db, agencyId, { upTo: 4 })).toMatchObject({ ok: true, events: 4 })
    expect(await tombstoneExpiredAuditEvents(database.db, agencyId, 7)).toEqual({
      tombstoned: 0,
      skippedAltered: 0,
    })
    expect(events).toHaveLength(5)
  })

  it('still binds its action, actor, entity, time and id', async () => {
    for (const change of [
      sql`action = 'client.created'`,
      sql`actor_user_id = ${randomUUID()}::uuid`,
      sql`entity_id = 'another'`,
      sql`created_at = created_at - interval '1 day'`,
      sql`id = ${randomUUID()}::uuid`,
    ]) {
      const { agencyId, events } = await chainOf(0, 2)
      await tombstoneExpiredAuditEvents(database.db, agencyId, 7)
      const target = events[1]!.id
      await tamperWithAudit(database.db, sql`UPDATE audit_events SET ${change} WHERE id = ${target}`)
      const result = await verifyAuditChain(database.db, agencyId)
      expect(result).toMatchObject({ ok: false, firstBadEvent: { sequence: 2, problem: 'altered' } })
    }
  })

  it('made by hand from a live event cannot hide a change to its remaining fields', async () => {
    // Keeping the personal hash it has, or putting in the whole content hash as the first design kept.
    for (const kept of ['personal', 'whole'] as const) {
      const { agencyId, events } = await chainOf(0, 2)
      const target = events[0]!
      const contentHashSet = kept === 'whole' ? sql`, content_hash = ${contentHash(target)}` : sql``
      await tamperWithAudit(
        database.db,
        sql`UPDATE audit_events SET details = '{}', ip_address = NULL, user_agent = NULL, redacted_at = now(),
          action = 'client.created'${contentHashSet} WHERE id = ${target.id}`,
      )
      expect(await verifyAuditChain(database.db, agencyId)).toMatchObject(altered(target.id))
    }
  })

  it('on a version 1 event is an alteration, and the trigger refuses it', async () => {
    const { agencyId, events } = await chainOf(2, 0)
    const target = events[1]!.id
    const tombstone = sql`UPDATE audit_events SET details = '{}', ip_address = NULL, user_agent = NULL,
      content_hash = ${'c'.repeat(64)}, redacted_at = now() WHERE id = ${target}`
    await expect(database.db.execute(tombstone)).rejects.toThrow()
    await tamperWithAudit(database.db, tombstone)
    expect(await verifyAuditChain(database.db, agencyId)).toMatchObject(altered(target))
    const redactedOnly = await chainOf(1, 0)
    await tamperWithAudit(
      database.db,
      sql`UPDATE audit_events SET redacted_at = now() WHERE id = ${redactedOnly.events[0]!.id}`,
    )
    expect(await verifyAuditChain(database.db, redactedOnly.agencyId)).toMatchObject(
      altered(redactedOnly.events[0]!.id),
    )
  })

  it('whose personal hash was changed, or a live event whose personal fields were, is altered', async () => {
    const { agencyId, events } = await chainOf(0, 3)
    await tamperWithAudit(
      database.db,
      sql`UPDATE audit_events SET ip_address = '198.51.100.1' WHERE id = ${events[2]!.id}`,
    )
    expect(await verifyAuditChain(database.db, agencyId)).toMatchObject(altered(events[2]!.id))
    // The job leaves the altered event for the walk to name, and tombstones the rest.
    expect(await tombstoneExpiredAuditEvents(database.db, agencyId, 7)).toEqual({
      tombstoned: 2,
      skippedAltered: 1,
    })
    await tamperWithAudit(
      database.db,
      sql`UPDATE audit_events SET content_hash = ${'a'.repeat(64)} WHERE id = ${events[0]!.id}`,
    )
    expect(await verifyAuditChain(database.db, agencyId)).toMatchObject(altered(events[0]!.id))
  })
})
