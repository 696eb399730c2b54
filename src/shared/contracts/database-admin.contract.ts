import { z } from 'zod'
import { defineCall } from './call.ts'

/** Texts of spec part 3 §2 (Database Management) and §8, and our own where the spec shows none. */
export const DATABASE_TEXTS = {
  title: 'Database Management',
  subtitle: 'Monitor the database and keep it fast',
  optimize: 'Optimize Database',
  optimizedTitle: 'Database Optimized',
  optimized: 'Performance indexes created and database optimized successfully.',
  optimizeFailedTitle: 'Optimization Failed',
  optimizeFailed: 'Failed to optimize database. Please try again.',
  // Ours.
  slowQueriesOff:
    'Slow queries need the pg_stat_statements extension: add it to shared_preload_libraries in postgresql.conf, restart PostgreSQL, then run CREATE EXTENSION pg_stat_statements; in this database.',
  embedded:
    'This is the embedded database (PGlite): one process holds its only connection, so it has no connection pool, no other sessions and no query statistics to show.',
} as const

export const DATABASE_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'performance', label: 'Performance' },
  { value: 'tables', label: 'Tables' },
  { value: 'connections', label: 'Connections' },
] as const

/** Spec §9: status every 30 s, performance every 60 s. */
export const STATUS_POLL_MS = 30_000
export const PERFORMANCE_POLL_MS = 60_000

export const DATABASE_ROLES = ['platform_admin', 'platform_owner'] as const

const Engine = z.enum(['postgres', 'pglite'])

/** Spec §3 Database status, plus the engine and what it cannot report. */
export const DatabaseStatusSchema = z.object({
  engine: Engine,
  tables: z.array(
    z.object({ tablename: z.string(), schemaname: z.string(), size: z.string(), size_bytes: z.number() }),
  ),
  totalSize: z.string(),
  totalSizeBytes: z.number(),
  connections: z.object({
    activeConnections: z.number().int(),
    totalConnections: z.number().int(),
    idleConnections: z.number().int(),
    poolSize: z.number().int(),
    idlePoolSize: z.number().int(),
    waitingCount: z.number().int(),
  }),
  /** Each line says plainly a figure this engine cannot give. */
  limitations: z.array(z.string()),
  timestamp: z.string(),
})
export type DatabaseStatus = z.infer<typeof DatabaseStatusSchema>

export const IndexFigureSchema = z.object({
  table: z.string(),
  index: z.string(),
  size: z.string(),
  scans: z.number().int(),
})
export const DatabasePerformanceSchema = z.object({
  engine: Engine,
  connectionInfo: z.object({
    total_connections: z.number().int(),
    active_connections: z.number().int(),
    idle_connections: z.number().int(),
    /** When the longest-open connection began; null when the engine cannot say. */
    oldest_connection: z.string().nullable(),
  }),
  /** Share of table and index reads found in shared buffers, 0–100; null when not measured. */
  cacheHitRatio: z.number().nullable(),
  unusedIndexes: z.array(IndexFigureSchema),
  /** Indexes the schema declares that the database lacks (Optimize creates them). */
  missingIndexes: z.array(z.object({ table: z.string(), index: z.string() })),
  slowQueries: z.object({
    available: z.boolean(),
    hint: z.string().nullable(),
    queries: z.array(
      z.object({
        query: z.string(),
        calls: z.number().int(),
        meanMs: z.number(),
        totalMs: z.number(),
      }),
    ),
  }),
  limitations: z.array(z.string()),
  timestamp: z.string(),
})
export type DatabasePerformance = z.infer<typeof DatabasePerformanceSchema>

export const getDatabaseStatusCall = defineCall({
  method: 'GET',
  path: '/api/admin/database/status',
  response: DatabaseStatusSchema,
})
export const getDatabasePerformanceCall = defineCall({
  method: 'GET',
  path: '/api/admin/database/performance',
  response: DatabasePerformanceSchema,
})
export const optimizeDatabaseCall = defineCall({
  method: 'POST',
  path: '/api/admin/database/optimize',
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    analyzed: z.boolean(),
    createdIndexes: z.array(z.string()),
  }),
})
