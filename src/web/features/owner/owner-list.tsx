import type { ReactNode } from 'react'
import { Card } from '#web/components/card.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { CsvButton } from './csv-button.tsx'

export interface Column<Row> {
  key: string
  label: string
  /** How the screen shows the cell; the CSV keeps the raw value. */
  render?: (row: Row) => ReactNode
}

/** One of the dashboard's lists: a titled table with its CSV export and empty state. */
export function OwnerList<Row extends object>({
  title,
  fileName,
  columns,
  rows,
  empty,
}: {
  title: string
  fileName: string
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  empty: string
}) {
  return (
    <Card className="min-w-0 p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <CsvButton fileName={fileName} columns={columns} rows={rows} label={title} />
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <DataTable
          look="compact"
          label={title}
          labelAs="aria-label"
          columns={columns.map(toDataColumn)}
          rows={rows}
          rowKey={(row, index) => (row as { id?: string }).id ?? String(index)}
        />
      )}
    </Card>
  )
}

function toDataColumn<Row extends object>(column: Column<Row>): DataColumn<Row> {
  return {
    key: column.key,
    header: column.label,
    cell: (row) => column.render?.(row) ?? String((row as Record<string, unknown>)[column.key] ?? ''),
    cellClassName: 'text-slate-800',
  }
}
