import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/connect.ts'
import { createTestDatabase } from '#test/test-db.ts'
import { auditEvents } from './audit.table.ts'
import { recordAuditAs } from './audit.ts'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const meta = { ipAddress: '127.0.0.1', userAgent: 'test', requestId: 'r1' }

describe('audit_events', () => {
  it('is append-only: updates, deletes and truncation are refused', async () => {
    await recordAuditAs(database.db, meta, { agencyId: null, actorUserId: null }, { action: 'test.kept' })
    const [event] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'test.kept'))
    await expect(
      database.db.update(auditEvents).set({ action: 'test.changed' }).where(eq(auditEvents.id, event!.id)),
    ).rejects.toThrow()
    await expect(database.db.delete(auditEvents).where(eq(auditEvents.id, event!.id))).rejects.toThrow()
    await expect(database.db.execute(sql`truncate audit_events`)).rejects.toThrow()
    const [still] = await database.db.select().from(auditEvents).where(eq(auditEvents.id, event!.id))
    expect(still!.action).toBe('test.kept')
  })

  it('is written with the change or not at all', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordAuditAs(tx, meta, { agencyId: null, actorUserId: null }, { action: 'test.rolled_back' })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await database.db.$count(auditEvents, eq(auditEvents.action, 'test.rolled_back'))).toBe(0)
  })
})
