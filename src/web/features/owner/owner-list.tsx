import type { ReactNode } from 'react'
import { Card } from '#web/components/card.tsx'
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
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label={title}>
            <thead className="text-slate-600">
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className="px-2 py-1 font-medium">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row, index) => (
                <tr key={(row as { id?: string }).id ?? index}>
                  {columns.map((column) => (
                    <td key={column.key} className="px-2 py-1.5 text-slate-800">
                      {column.render
                        ? column.render(row)
                        : String((row as Record<string, unknown>)[column.key] ?? '')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}
