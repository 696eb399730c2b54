import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import * as schema from './schema.ts'

export type Schema = typeof schema
// biome-ignore lint/suspicious/noExplicitAny: the two drivers differ only in their result type
export type Db = PgDatabase<PgQueryResultHKT, Schema, any>
// biome-ignore lint/suspicious/noExplicitAny: as above
export type Tx = PgTransaction<PgQueryResultHKT, Schema, any>
/** A query runs on the database or inside a transaction alike. */
export type Executor = Db | Tx

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** PostgreSQL's connection URL, for another process on the same database (tests). */
  url?: string
  migrate(): Promise<void>
  close(): Promise<void>
  /**
   * PGlite only: its data directory as a tarball, taken while no transaction is open (so the copy
   * holds every committed change and no half of one); `alongside` runs in the same quiet moment.
   */
  snapshot?(alongside?: () => Promise<void>): Promise<Blob>
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Every PGlite the app opens loads the extensions the migrations use. */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm, btree_gin } })
}

export function connectPglite(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close().finally(onClose),
    // Every query, in a transaction or not, takes PGlite's transaction lock, so holding it through
    // an (empty) transaction keeps all others out; the dump itself then waits only for the
    // statement lock. CHECKPOINT writes the shared buffers to the data files, so the copy opens
    // without replaying the write-ahead log.
    snapshot: (alongside) =>
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT')
        await alongside?.()
        return client.dumpDataDir('none')
      }),
  }
}

export function connectPostgres(
  url: string,
  options: { max?: number; onIdleError?: (error: Error) => void } = {},
): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 })
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it on the next query. Without this listener, node-postgres throws it uncaught.
  pool.on(
    'error',
    options.onIdleError ?? ((error) => console.error('database connection lost:', error.message)),
  )
  const db = drizzleNodePg(pool, { schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    url,
    migrate: () => migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  }
}

/**
 * DATABASE_URL selects PostgreSQL; otherwise the embedded PGlite keeps its files in DATA_DIR/pgdata,
 * claimed for this process until close (data-dir-lock.ts).
 */
export async function openDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  if (config.DATABASE_URL) return connectPostgres(config.DATABASE_URL)
  const dir = path.resolve(config.DATA_DIR, 'pgdata')
  mkdirSync(dir, { recursive: true })
  const release = lockDataDir(config.DATA_DIR)
  try {
    return connectPglite(await createPglite({ dataDir: dir }), release)
  } catch (error) {
    release()
    throw error
  }
}
