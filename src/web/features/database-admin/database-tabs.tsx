import {
  type DatabasePerformance,
  type DatabaseStatus,
  DATABASE_TEXTS as T,
} from '#shared/contracts/database-admin.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Card } from '#web/components/card.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { formatDateTime } from '#web/lib/format.ts'

/** Spec §2: active divided by total, 100 when there is no connection. */
export function connectionHealth(status: DatabaseStatus): number {
  const { activeConnections, totalConnections } = status.connections
  return totalConnections === 0 ? 100 : Math.round((activeConnections / totalConnections) * 100)
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-xl font-bold text-slate-900">{value}</p>
    </Card>
  )
}

function Limitations({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null
  return (
    <Alert tone="info" title="What this database cannot report">
      <ul className="list-disc pl-4">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Alert>
  )
}

export function OverviewTab({ status }: { status: DatabaseStatus }) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure label="Tables" value={status.tables.length} />
        <Figure label="Total size" value={status.totalSize} />
        <Figure label="Active connections" value={status.connections.activeConnections} />
        <Figure label="Connection health" value={`${connectionHealth(status)}%`} />
      </div>
      <p className="text-xs text-slate-600">Last update: {formatDateTime(status.timestamp)}</p>
      <Limitations lines={status.limitations} />
    </div>
  )
}

export function PerformanceTab({ performance }: { performance: DatabasePerformance | undefined }) {
  if (!performance) return <p className="text-sm text-slate-600">Loading performance…</p>
  const { slowQueries } = performance
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure
          label="Cache hit ratio"
          value={performance.cacheHitRatio === null ? 'Not measured' : `${performance.cacheHitRatio}%`}
        />
        <Figure label="Unused indexes" value={performance.unusedIndexes.length} />
        <Figure label="Missing indexes" value={performance.missingIndexes.length} />
      </div>
      {performance.missingIndexes.length > 0 && (
        <Alert tone="warning" title="Indexes the schema declares but the database lacks">
          {performance.missingIndexes.map((index) => `${index.table}.${index.index}`).join(', ')}
        </Alert>
      )}
      {performance.unusedIndexes.length > 0 && (
        <Card className="p-4">
          <h3 className="mb-2 font-semibold text-slate-900">Unused indexes</h3>
          <ul className="text-sm text-slate-700">
            {performance.unusedIndexes.map((index) => (
              <li key={index.index}>
                {index.table}.{index.index} — {index.size}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card className="p-4">
        <h3 className="mb-2 font-semibold text-slate-900">Slow queries</h3>
        {slowQueries.available ? (
          slowQueries.queries.length === 0 ? (
            <p className="text-sm text-slate-600">No statements recorded yet.</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {slowQueries.queries.map((query) => (
                <li key={query.query} className="break-all">
                  <code>{query.query}</code> — {query.calls} calls, {query.meanMs.toFixed(1)} ms mean
                </li>
              ))}
            </ul>
          )
        ) : (
          <p className="text-sm text-slate-600">{slowQueries.hint ?? T.slowQueriesOff}</p>
        )}
      </Card>
      <Limitations lines={performance.limitations} />
    </div>
  )
}

const TABLE_COLUMNS: DataColumn<DatabaseStatus['tables'][number]>[] = [
  { key: 'schema', header: 'Schema', cell: (table) => table.schemaname },
  { key: 'table', header: 'Table', cell: (table) => table.tablename },
  {
    key: 'size',
    header: 'Size',
    cell: (table) => table.size,
    headerClassName: 'text-right',
    cellClassName: 'text-right',
  },
]

export function TablesTab({ status }: { status: DatabaseStatus }) {
  return (
    <Card className="p-4">
      <DataTable
        look="compact"
        label="Tables"
        labelAs="aria-label"
        columns={TABLE_COLUMNS}
        rows={status.tables}
        rowKey={(table) => `${table.schemaname}.${table.tablename}`}
      />
    </Card>
  )
}

export function ConnectionsTab({
  status,
  performance,
}: {
  status: DatabaseStatus
  performance: DatabasePerformance | undefined
}) {
  const c = status.connections
  const oldest = performance?.connectionInfo.oldest_connection
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure label="Total connections" value={c.totalConnections} />
        <Figure label="Active" value={c.activeConnections} />
        <Figure label="Idle" value={c.idleConnections} />
        <Figure label="Pool size" value={c.poolSize} />
        <Figure label="Idle in pool" value={c.idlePoolSize} />
        <Figure label="Waiting requests" value={c.waitingCount} />
      </div>
      <Card className="p-4 text-sm text-slate-700">
        <h3 className="mb-2 font-semibold text-slate-900">Connection info</h3>
        <p>Oldest connection: {oldest ? formatDateTime(oldest) : 'not reported by this database'}</p>
      </Card>
    </div>
  )
}
