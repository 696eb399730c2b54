import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { rowsOf } from '#server/db/rows.ts'

// Reads of PostgreSQL's catalogue and statistics views for the database screen. Every read is
// limited to the schemas on the search path (the app's own tables).

export async function listTableSizes(executor: Executor) {
  const result = await executor.execute(sql`
    select schemaname, tablename,
      pg_total_relation_size(format('%I.%I', schemaname, tablename)::regclass)::bigint as size_bytes
    from pg_tables where schemaname = any(current_schemas(false))
    order by size_bytes desc, tablename`)
  return rowsOf<{ schemaname: string; tablename: string; size_bytes: string | number }>(result).map(
    (row) => ({
      ...row,
      size_bytes: Number(row.size_bytes),
    }),
  )
}

export async function listIndexNames(executor: Executor): Promise<Set<string>> {
  const result = await executor.execute(sql`
    select indexname from pg_indexes where schemaname = any(current_schemas(false))`)
  return new Set(rowsOf<{ indexname: string }>(result).map((row) => row.indexname))
}

/** Client connections to this database (pg_stat_activity), and when the oldest began. */
export async function readConnections(executor: Executor) {
  const result = await executor.execute(sql`
    select count(*)::int as total,
      count(*) filter (where state = 'active')::int as active,
      count(*) filter (where state like 'idle%')::int as idle,
      min(backend_start) as oldest
    from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend'`)
  const row = rowsOf<{ total: number; active: number; idle: number; oldest: string | Date | null }>(result)[0]
  return {
    total: row?.total ?? 0,
    active: row?.active ?? 0,
    idle: row?.idle ?? 0,
    oldest: row?.oldest ? new Date(row.oldest).toISOString() : null,
  }
}

/** Share of table and index blocks read from shared buffers (0–100), null before any read. */
export async function readCacheHitRatio(executor: Executor): Promise<number | null> {
  const result = await executor.execute(sql`
    select coalesce(sum(heap_blks_hit), 0) + coalesce(sum(idx_blks_hit), 0) as hit,
      coalesce(sum(heap_blks_read), 0) + coalesce(sum(idx_blks_read), 0) as read
    from pg_statio_user_tables where schemaname = any(current_schemas(false))`)
  const row = rowsOf<{ hit: string | number; read: string | number }>(result)[0]
  const hit = Number(row?.hit ?? 0)
  const total = hit + Number(row?.read ?? 0)
  return total === 0 ? null : Math.round((hit / total) * 10_000) / 100
}

/** Indexes never used for a scan since statistics were reset, largest first (keys excluded). */
export async function listUnusedIndexes(executor: Executor, limit: number) {
  const result = await executor.execute(sql`
    select s.relname as "table", s.indexrelname as "index", s.idx_scan::int as scans,
      pg_relation_size(s.indexrelid)::bigint as bytes
    from pg_stat_user_indexes s join pg_index i on i.indexrelid = s.indexrelid
    where s.idx_scan = 0 and not i.indisunique and not i.indisprimary
      and s.schemaname = any(current_schemas(false))
    order by pg_relation_size(s.indexrelid) desc, s.indexrelname limit ${limit}`)
  return rowsOf<{ table: string; index: string; scans: number; bytes: string | number }>(result)
}

export async function hasStatStatements(executor: Executor): Promise<boolean> {
  const result = await executor.execute(sql`
    select exists (select 1 from pg_extension where extname = 'pg_stat_statements') as present`)
  return rowsOf<{ present: boolean }>(result)[0]?.present === true
}

/** The slowest statements on average (pg_stat_statements must be loaded). */
export async function listSlowQueries(executor: Executor, limit: number) {
  const result = await executor.execute(sql`
    select left(query, 500) as query, calls::int as calls, mean_exec_time as "meanMs",
      total_exec_time as "totalMs"
    from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
    order by mean_exec_time desc limit ${limit}`)
  return rowsOf<{ query: string; calls: number; meanMs: number; totalMs: number }>(result)
}

export async function analyzeTable(executor: Executor, schemaName: string, table: string): Promise<void> {
  await executor.execute(
    sql.raw(`ANALYZE "${schemaName.replaceAll('"', '""')}"."${table.replaceAll('"', '""')}"`),
  )
}

export async function runStatement(executor: Executor, statement: string): Promise<void> {
  await executor.execute(sql.raw(statement))
}
