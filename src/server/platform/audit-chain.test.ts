import { randomUUID } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/connect.ts'
import { tamperWithAudit } from '#test/audit-tamper.ts'
import { createTestDatabase } from '#test/test-db.ts'
import { auditEvents } from './audit.table.ts'
import { recordAuditAs } from './audit.ts'
import { GENESIS_HASH } from './audit-hash.ts'
import { verifyAuditChain } from './audit-verify.ts'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const meta = { ipAddress: '127.0.0.1', userAgent: 'test', requestId: 'r1' }

/** A new agency's id with `count` events (details nested, keys out of order, to be canonicalised). */
async function agencyWithEvents(count: number): Promise<string> {
  const agencyId = randomUUID()
  for (let n = 1; n <= count; n++) {
    await recordAuditAs(
      database.db,
      meta,
      { agencyId, actorUserId: randomUUID() },
      {
        action: `test.event_${n}`,
        entity: { type: 'client', id: randomUUID() },
        details: { z: n, a: { y: [1, { d: 'é', b: null }], x: 'quote " and \\' }, m: undefined },
      },
    )
  }
  return agencyId
}

function eventsOf(agencyId: string) {
  return database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.agencyId, agencyId))
    .orderBy(asc(auditEvents.sequence))
}

const inAgency = (agencyId: string, sequence: number) =>
  sql`agency_id = ${agencyId}::uuid AND sequence = ${sequence}`

describe('the audit hash chain', () => {
  it('links each agency’s events from the genesis, one sequence after another', async () => {
    const agencyId = await agencyWithEvents(4)
    const events = await eventsOf(agencyId)
    expect(events.map((e) => e.sequence)).toEqual([1, 2, 3, 4])
    expect(events[0]!.prevHash).toBe(GENESIS_HASH)
    for (let n = 1; n < events.length; n++) expect(events[n]!.prevHash).toBe(events[n - 1]!.hash)
    expect(events[0]!.details).toEqual({ a: { x: 'quote " and \\', y: [1, { b: null, d: 'é' }] }, z: 1 })
    expect(await verifyAuditChain(database.db, agencyId)).toEqual({
      ok: true,
      events: 4,
      headHash: events[3]!.hash,
    })
  })

  it('keeps another agency’s events and platform events out of the chain', async () => {
    const mine = randomUUID()
    const other = randomUUID()
    for (const agencyId of [mine, other, null, other, mine, null, mine]) {
      await recordAuditAs(database.db, meta, { agencyId, actorUserId: null }, { action: 'test.interleaved' })
    }
    expect((await eventsOf(mine)).map((e) => e.sequence)).toEqual([1, 2, 3])
    expect((await eventsOf(other)).map((e) => e.sequence)).toEqual([1, 2])
    expect(await verifyAuditChain(database.db, mine)).toMatchObject({ ok: true, events: 3 })
    expect(await verifyAuditChain(database.db, other)).toMatchObject({ ok: true, events: 2 })
    expect(await verifyAuditChain(database.db, null)).toMatchObject({ ok: true })
  })

  it('detects another agency’s event moved into the chain', async () => {
    const mine = await agencyWithEvents(2)
    const other = await agencyWithEvents(1)
    const [stranger] = await eventsOf(other)
    await tamperWithAudit(
      database.db,
      sql`UPDATE audit_events SET agency_id = ${mine}::uuid, sequence = 3, prev_hash = ${(await eventsOf(mine))[1]!.hash}
        WHERE id = ${stranger!.id}`,
    )
    expect(await verifyAuditChain(database.db, mine)).toEqual({
      ok: false,
      firstBadEvent: { id: stranger!.id, sequence: 3, problem: 'altered' },
      verifiedEvents: 2,
    })
  })

  it('answers an empty chain as valid at the genesis', async () => {
    expect(await verifyAuditChain(database.db, randomUUID())).toEqual({
      ok: true,
      events: 0,
      headHash: GENESIS_HASH,
    })
  })

  it('refuses to change a sealed event, even only its chain columns', async () => {
    const agencyId = await agencyWithEvents(1)
    const [event] = await eventsOf(agencyId)
    for (const change of [sql`hash = ${'f'.repeat(64)}`, sql`sequence = 7`, sql`action = 'test.changed'`]) {
      await expect(
        database.db.execute(sql`UPDATE audit_events SET ${change} WHERE id = ${event!.id}`),
      ).rejects.toThrow()
    }
    await expect(database.db.delete(auditEvents).where(eq(auditEvents.id, event!.id))).rejects.toThrow()
    expect(await verifyAuditChain(database.db, agencyId)).toMatchObject({ ok: true, events: 1 })
  })
})

describe('the verify walk', () => {
  it('names an event altered directly in the database', async () => {
    const agencyId = await agencyWithEvents(5)
    const events = await eventsOf(agencyId)
    await tamperWithAudit(
      database.db,
      sql`UPDATE audit_events SET details = '{"z": 3, "a": "nothing to see"}' WHERE ${inAgency(agencyId, 3)}`,
    )
    expect(await verifyAuditChain(database.db, agencyId)).toEqual({
      ok: false,
      firstBadEvent: { id: events[2]!.id, sequence: 3, problem: 'altered' },
      verifiedEvents: 2,
    })
  })

  it('names an event whose time or stored hash was changed', async () => {
    for (const change of [
      sql`created_at = created_at - interval '1 day'`,
      sql`hash = ${'0'.repeat(64)}`,
      sql`ip_address = '10.0.0.1'`,
    ]) {
      const agencyId = await agencyWithEvents(3)
      const events = await eventsOf(agencyId)
      await tamperWithAudit(
        database.db,
        sql`UPDATE audit_events SET ${change} WHERE ${inAgency(agencyId, 2)}`,
      )
      expect(await verifyAuditChain(database.db, agencyId)).toMatchObject({
        ok: false,
        firstBadEvent: { id: events[1]!.id, sequence: 2, problem: 'altered' },
      })
    }
  })

  it('names a removed event by its position and the event found after it', async () => {
    const agencyId = await agencyWithEvents(5)
    const events = await eventsOf(agencyId)
    await tamperWithAudit(database.db, sql`DELETE FROM audit_events WHERE ${inAgency(agencyId, 3)}`)
    expect(await verifyAuditChain(database.db, agencyId)).toEqual({
      ok: false,
      firstBadEvent: { id: events[3]!.id, sequence: 3, problem: 'removed' },
      verifiedEvents: 2,
    })
  })

  it('finds a removal hidden by renumbering the events after it', async () => {
    const agencyId = await agencyWithEvents(4)
    const events = await eventsOf(agencyId)
    await tamperWithAudit(
      database.db,
      sql`DELETE FROM audit_events WHERE ${inAgency(agencyId, 2)}`,
      sql`UPDATE audit_events SET sequence = sequence - 1 WHERE agency_id = ${agencyId}::uuid AND sequence = 3`,
      sql`UPDATE audit_events SET sequence = sequence - 1 WHERE agency_id = ${agencyId}::uuid AND sequence = 4`,
    )
    expect(await verifyAuditChain(database.db, agencyId)).toMatchObject({
      ok: false,
      firstBadEvent: { id: events[2]!.id, sequence: 2, problem: 'removed' },
    })
  })

  it('finds the last events removed, against the chain’s head', async () => {
    const agencyId = await agencyWithEvents(3)
    await tamperWithAudit(database.db, sql`DELETE FROM audit_events WHERE ${inAgency(agencyId, 3)}`)
    expect(await verifyAuditChain(database.db, agencyId)).toEqual({
      ok: false,
      firstBadEvent: { id: null, sequence: 3, problem: 'removed' },
      verifiedEvents: 2,
    })
  })

  it('names events swapped in order', async () => {
    const agencyId = await agencyWithEvents(4)
    const events = await eventsOf(agencyId)
    await tamperWithAudit(
      database.db,
      sql`UPDATE audit_events SET sequence = -2 WHERE ${inAgency(agencyId, 2)}`,
      sql`UPDATE audit_events SET sequence = 2 WHERE ${inAgency(agencyId, 3)}`,
      sql`UPDATE audit_events SET sequence = 3 WHERE ${inAgency(agencyId, -2)}`,
    )
    expect(await verifyAuditChain(database.db, agencyId)).toEqual({
      ok: false,
      firstBadEvent: { id: events[2]!.id, sequence: 2, problem: 'reordered' },
      verifiedEvents: 1,
    })
  })

  it('walks a chain longer than one batch', async () => {
    const agencyId = randomUUID()
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < 5_200; n++)
        await recordAuditAs(
          tx,
          meta,
          { agencyId, actorUserId: null },
          { action: 'test.many', details: { n } },
        )
    })
    expect(await verifyAuditChain(database.db, agencyId)).toMatchObject({ ok: true, events: 5_200 })
  }, 120_000)
})
