import pg from 'pg'
import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  type DatabasePerformance,
  type DatabaseStatus,
  DATABASE_TEXTS as T,
} from '#shared/contracts/database-admin.contract.ts'
import { formatBytes } from '#shared/domain/byte-size.ts'
import * as repository from './database-admin.repository.ts'
import { declaredIndexes } from './declared-indexes.repository.ts'

const LIST_SIZE = 20

/** The driver behind the app's database: node-postgres' pool, or the embedded PGlite. */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client
  return client instanceof pg.Pool ? client : null
}

const EMBEDDED_LIMITS = {
  connections:
    'PGlite runs inside this process with one connection: there is no pool, no idle connection and no waiting request to count.',
  oldest: 'PGlite cannot tell when its connection opened: it opens with the process.',
  slowQueries: 'PGlite cannot load pg_stat_statements, so slow queries cannot be listed.',
  indexUse:
    'PGlite does not collect index and buffer statistics, so unused indexes and the cache hit ratio are not measured.',
}

/** Spec §3 Database status: every table's size, and the connections (PostgreSQL's, or PGlite's one). */
export async function getDatabaseStatus(db: Db, now = new Date()): Promise<DatabaseStatus> {
  const pool = poolOf(db)
  const tables = await repository.listTableSizes(db)
  const totalSizeBytes = tables.reduce((sum, table) => sum + table.size_bytes, 0)
  const base = {
    tables: tables.map((table) => ({ ...table, size: formatBytes(table.size_bytes) })),
    totalSize: formatBytes(totalSizeBytes),
    totalSizeBytes,
    timestamp: now.toISOString(),
  }
  if (!pool) {
    return {
      engine: 'pglite',
      ...base,
      connections: {
        activeConnections: 1,
        totalConnections: 1,
        idleConnections: 0,
        poolSize: 1,
        idlePoolSize: 0,
        waitingCount: 0,
      },
      limitations: [T.embedded, EMBEDDED_LIMITS.connections],
    }
  }
  const connections = await repository.readConnections(db)
  return {
    engine: 'postgres',
    ...base,
    connections: {
      activeConnections: connections.active,
      totalConnections: connections.total,
      idleConnections: connections.idle,
      poolSize: pool.options.max ?? 10,
      idlePoolSize: pool.idleCount,
      waitingCount: pool.waitingCount,
    },
    limitations: [],
  }
}

/** Which schema-declared indexes the database lacks. */
async function findMissingIndexes(db: Db) {
  const present = await repository.listIndexNames(db)
  return declaredIndexes().filter((declared) => !present.has(declared.index))
}

/** Spec §3 Performance, plus the cache hit ratio, unused and missing indexes and slow queries. */
export async function getDatabasePerformance(db: Db, now = new Date()): Promise<DatabasePerformance> {
  const pool = poolOf(db)
  const missing = (await findMissingIndexes(db)).map(({ table, index }) => ({ table, index }))
  if (!pool) {
    return {
      engine: 'pglite',
      connectionInfo: {
        total_connections: 1,
        active_connections: 1,
        idle_connections: 0,
        oldest_connection: null,
      },
      cacheHitRatio: null,
      unusedIndexes: [],
      missingIndexes: missing,
      slowQueries: { available: false, hint: EMBEDDED_LIMITS.slowQueries, queries: [] },
      limitations: [
        T.embedded,
        EMBEDDED_LIMITS.oldest,
        EMBEDDED_LIMITS.indexUse,
        EMBEDDED_LIMITS.slowQueries,
      ],
      timestamp: now.toISOString(),
    }
  }
  const [connections, cacheHitRatio, unused, statements] = await Promise.all([
    repository.readConnections(db),
    repository.readCacheHitRatio(db),
    repository.listUnusedIndexes(db, LIST_SIZE),
    repository.hasStatStatements(db),
  ])
  let slowQueries: DatabasePerformance['slowQueries'] = {
    available: false,
    hint: T.slowQueriesOff,
    queries: [],
  }
  if (statements) {
    try {
      slowQueries = { available: true, hint: null, queries: await repository.listSlowQueries(db, LIST_SIZE) }
    } catch {
      // Created but not preloaded: reading the view fails until the server restarts with it.
    }
  }
  return {
    engine: 'postgres',
    connectionInfo: {
      total_connections: connections.total,
      active_connections: connections.active,
      idle_connections: connections.idle,
      oldest_connection: connections.oldest,
    },
    cacheHitRatio,
    unusedIndexes: unused.map((row) => ({
      table: row.table,
      index: row.index,
      scans: row.scans,
      size: formatBytes(Number(row.bytes)),
    })),
    missingIndexes: missing,
    slowQueries,
    limitations: [],
    timestamp: now.toISOString(),
  }
}

/**
 * 'Optimize Database': ANALYZE every table of the app, then create each index the schema declares
 * that the database lacks (from the migrations' own statement). Audited with what it did.
 */
export async function optimizeDatabase(db: Db, ctx: Ctx) {
  // A failure answers 500 with its details in the log; the screen shows the spec's toast.
  for (const table of await repository.listTableSizes(db)) {
    await repository.analyzeTable(db, table.schemaname, table.tablename)
  }
  const created: string[] = []
  for (const index of await findMissingIndexes(db)) {
    if (!index.statement) continue
    await repository.runStatement(db, index.statement)
    created.push(index.index)
  }
  await recordAudit(db, ctx, {
    action: 'database.optimized',
    details: { analyzed: true, createdIndexes: created },
  })
  return { success: true as const, message: T.optimized, analyzed: true, createdIndexes: created }
}
