import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { inject } from 'vitest'
import { connectPglite, connectPostgres, createPglite, type Database } from '#server/db/connect.ts'
import { withDatabase } from './global-setup.ts'

/**
 * A fresh, migrated database for one test file: PGlite by default, a clone of the PostgreSQL
 * template when TEST_DATABASE_URL is set. close() also drops the clone.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL
  const template = inject('postgresTemplate')
  if (!url || !template) return createTestPglite()
  const name = `app_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
  } finally {
    await admin.end()
  }
  const database = connectPostgres(withDatabase(url, name), { max: 5, onIdleError: () => {} })
  return {
    ...database,
    async close() {
      await database.close()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    },
  }
}

/** A fresh, migrated PGlite in memory even on a PostgreSQL run: for what only PGlite does (backups). */
export async function createTestPglite(): Promise<Database> {
  const dump = await readFile(inject('pgliteTemplate'))
  return connectPglite(await createPglite({ loadDataDir: new Blob([dump]) }))
}
