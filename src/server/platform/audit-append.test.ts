import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/connect.ts'
import { createTestDatabase } from '#test/test-db.ts'
import { auditEvents } from './audit.table.ts'
import { recordAuditAs } from './audit.ts'
import { verifyAuditChain } from './audit-verify.ts'

// Appends to one agency's chain are serialised on its head row (decision 011). Without the lock,
// both tests here fail on PostgreSQL: two transactions read the same head and clash on the
// (agency_id, sequence) unique index.

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const meta = { ipAddress: '127.0.0.1', userAgent: 'test', requestId: 'r1' }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function eventsOf(agencyId: string) {
  return database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.agencyId, agencyId))
    .orderBy(asc(auditEvents.sequence))
}

describe('concurrent appends', () => {
  it('serialises two transactions appending to one agency: the second waits for the first', async () => {
    const agencyId = randomUUID()
    // The chain has a head already: both transactions go for the same head row.
    await recordAuditAs(database.db, meta, { agencyId, actorUserId: null }, { action: 'test.before' })
    let appended!: () => void
    const firstAppended = new Promise<void>((resolve) => (appended = resolve))
    let release!: () => void
    const mayCommit = new Promise<void>((resolve) => (release = resolve))
    const first = database.db.transaction(async (tx) => {
      await recordAuditAs(tx, meta, { agencyId, actorUserId: null }, { action: 'test.first' })
      appended()
      await mayCommit
    })
    await firstAppended
    let secondDone = false
    const second = database.db.transaction(async (tx) => {
      await recordAuditAs(tx, meta, { agencyId, actorUserId: null }, { action: 'test.second' })
      secondDone = true
    })
    // On PostgreSQL the second transaction is now blocked on the chain head's row lock; PGlite
    // has one connection and runs one transaction at a time anyway.
    await sleep(300)
    expect(secondDone).toBe(false)
    release()
    await Promise.all([first, second])
    const events = await eventsOf(agencyId)
    expect(events.map((e) => [e.action, e.sequence])).toEqual([
      ['test.before', 1],
      ['test.first', 2],
      ['test.second', 3],
    ])
    expect(await verifyAuditChain(database.db, agencyId)).toMatchObject({ ok: true, events: 3 })
  })

  it('keeps a valid chain under many concurrent transactions', async () => {
    const agencyId = randomUUID()
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        database.db.transaction(async (tx) => {
          await recordAuditAs(
            tx,
            meta,
            { agencyId, actorUserId: null },
            { action: 'test.burst', details: { n } },
          )
          await sleep(5)
          await recordAuditAs(
            tx,
            meta,
            { agencyId, actorUserId: null },
            { action: 'test.burst', details: { n } },
          )
        }),
      ),
    )
    expect(await verifyAuditChain(database.db, agencyId)).toMatchObject({ ok: true, events: 24 })
    const rows = await database.db
      .select({ sequence: auditEvents.sequence })
      .from(auditEvents)
      .where(and(eq(auditEvents.agencyId, agencyId), eq(auditEvents.action, 'test.burst')))
    expect(new Set(rows.map((r) => r.sequence)).size).toBe(24)
  })
})
