import { randomBytes, randomUUID } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  connectPglite,
  connectPostgres,
  createPglite,
  type Database,
  MIGRATIONS_FOLDER,
} from '#server/db/connect.ts'
import { withDatabase } from '#test/global-setup.ts'
import { recordAuditAs } from './audit.ts'
import { rowsOf } from './audit-chain.ts'
import { sealLegacyAuditEvents } from './audit-seal.ts'
import { verifyAuditChain } from './audit-verify.ts'

// An install upgraded from before the hash chain: migrated up to 0009, with audit events written
// then, and migrated again to the end as a new version's start-up does.

/** The migrations folder as it was before the chain (0000–0009). */
function migrationsBeforeChain(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-0009-'))
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true })
  const journalFile = path.join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'))
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= 9)
  writeFileSync(journalFile, JSON.stringify(journal))
  return folder
}

let database: Database
let migrateTo: (folder: string) => Promise<void>
let dropDatabase = async () => {}

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    database = connectPglite(await createPglite())
    migrateTo = (folder) => migratePglite(database.db as never, { migrationsFolder: folder })
    return
  }
  const name = `app_upgrade_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  database = connectPostgres(withDatabase(url, name), { max: 2, onIdleError: () => {} })
  migrateTo = (folder) => migrateNodePg(database.db as never, { migrationsFolder: folder })
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: url })
    await cleanup.connect()
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await cleanup.end()
  }
})
afterAll(async () => {
  await database.close()
  await dropDatabase()
})

const meta = { ipAddress: '127.0.0.1', userAgent: 'test', requestId: 'r1' }

describe('upgrading an install with audit events from before the chain', () => {
  const agencyId = randomUUID()

  it('seals the old events into each chain, in the order they were written, so verify passes', async () => {
    await migrateTo(migrationsBeforeChain())
    // Times to the microsecond, as the old recordAudit's now() wrote them (set here, since two
    // quick inserts can read the same clock).
    for (const [agency, action, details, createdAt] of [
      [
        agencyId,
        'client.created',
        '{"fields": ["email", "firstName"], "nested": {"b": 2, "a": 1}}',
        '09:00:00.000001',
      ],
      [null, 'auth.login_failed', '{"email": "nobody@example.com"}', '09:00:00.250999'],
      [agencyId, 'client.viewed', '{}', '09:00:00.999999'],
      [agencyId, 'client.updated', '{"fields": ["phone"], "count": 1.5}', '09:00:01.000500'],
    ] as const) {
      await database.db.execute(sql`INSERT INTO audit_events (agency_id, action, details, ip_address, created_at)
        VALUES (${agency}::uuid, ${action}, ${details}::jsonb, '10.0.0.9', ${`2024-05-01T${createdAt}Z`}::timestamptz)`)
    }
    await migrateTo(MIGRATIONS_FOLDER)
    // The old rows are untouched by the migration, and a half-done seal is refused.
    await expect(
      database.db.execute(sql`UPDATE audit_events SET sequence = 1, prev_hash = 'x', hash = 'y',
        action = 'client.forged' WHERE action = 'client.viewed'`),
    ).rejects.toThrow()

    expect(await sealLegacyAuditEvents(database.db)).toBe(4)
    expect(await sealLegacyAuditEvents(database.db)).toBe(0)
    const sealed = rowsOf<{ action: string; sequence: string | number }>(
      await database.db.execute(
        sql`SELECT action, sequence FROM audit_events WHERE agency_id = ${agencyId}::uuid ORDER BY sequence`,
      ),
    )
    expect(sealed.map((row) => [row.action, Number(row.sequence)])).toEqual([
      ['client.created', 1],
      ['client.viewed', 2],
      ['client.updated', 3],
    ])
    expect(await verifyAuditChain(database.db, agencyId)).toMatchObject({ ok: true, events: 3 })
    expect(await verifyAuditChain(database.db, null)).toMatchObject({ ok: true, events: 1 })
  })

  it('appends new events after the sealed ones, and keeps them all append-only', async () => {
    await recordAuditAs(database.db, meta, { agencyId, actorUserId: null }, { action: 'client.deleted' })
    expect(await verifyAuditChain(database.db, agencyId)).toMatchObject({ ok: true, events: 4 })
    // A mixed chain: the sealed rows stay version 1 (no personal hash), the new one is version 2.
    const versions = rowsOf<{ v2: boolean }>(
      await database.db.execute(sql`SELECT content_hash IS NOT NULL AS v2 FROM audit_events
        WHERE agency_id = ${agencyId}::uuid ORDER BY sequence`),
    )
    expect(versions.map((row) => row.v2)).toEqual([false, false, false, true])
    await expect(
      database.db.execute(
        sql`UPDATE audit_events SET action = 'client.forged' WHERE action = 'client.viewed'`,
      ),
    ).rejects.toThrow()
    await expect(
      database.db.execute(sql`INSERT INTO audit_events (agency_id, action)
      VALUES (${agencyId}::uuid, 'unchained')`),
    ).rejects.toThrow()
  })
})
