import { type DataColumn, DataTable } from '#web/components/data-table.tsx'

interface StatementSampleTableProps {
  headers: readonly string[]
  rows: readonly (readonly string[])[]
}

/** The file's headers over its first rows, as read: scrolls sideways, by keyboard too, when wide. */
export function StatementSampleTable({ headers, rows }: StatementSampleTableProps) {
  const columns: DataColumn<readonly string[]>[] = headers.map((header, index) => ({
    key: String(index),
    header: header || `Column ${index + 1}`,
    cell: (row) => row[index] ?? '',
  }))
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(_row, index) => String(index)}
      label="The file’s first rows"
      look="bordered"
      className="rounded-md border border-slate-200"
      tableClassName="whitespace-nowrap"
      keyboardScroll
    />
  )
}
