import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { cn } from '#web/lib/cn.ts'

export interface DataColumn<Row> {
  key: string
  /** The column's header; an actions column passes `<span className="sr-only">Actions</span>`. */
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** Makes the header a sort button; rows compare by this value. */
  sortValue?: (row: Row) => string | number
  headerClassName?: string
  cellClassName?: string
}

/**
 * The screens' three table styles: `compact` (a plain list inside a card), `bordered` (a boxed
 * table with a tinted header, onboarding), `flush` (full width inside a card, the first column
 * lined up with the card's padding, the dashboard).
 */
const LOOKS = {
  compact: {
    table: 'w-full text-left text-sm',
    head: 'text-slate-600',
    th: 'px-2 py-1 font-medium',
    body: 'divide-y divide-slate-100',
    td: 'px-2 py-1.5',
  },
  bordered: {
    table: 'w-full text-sm',
    head: 'bg-slate-50',
    th: 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase',
    body: 'divide-y divide-slate-100',
    td: 'px-3 py-2 align-middle',
  },
  flush: {
    table: 'w-full text-sm',
    head: 'border-y border-slate-200 bg-slate-50',
    th: 'px-3 py-2 first:pl-6 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase',
    body: 'divide-y divide-slate-200',
    td: 'px-3 py-3 align-middle whitespace-nowrap first:pl-6',
  },
} as const

interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row, index: number) => string
  /** The table's accessible name: a screen-reader-only caption, or an aria-label. */
  label: string
  labelAs?: 'caption' | 'aria-label'
  look?: keyof typeof LOOKS
  /** The scrolling box around the table; it stays `relative` so sr-only labels scroll with it on a phone. */
  className?: string
  /** On the table itself, such as a minimum width that makes it scroll sideways on a phone. */
  tableClassName?: string
  /**
   * The scrolling box takes the keyboard focus, so a keyboard can scroll it: for a wide table with
   * no link or button in its rows (axe scrollable-region-focusable).
   */
  keyboardScroll?: boolean
}

type Sort = { key: string; direction: 'ascending' | 'descending' }

/** A table of rows by columns, scrolling sideways inside its own box on a narrow screen. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  label,
  labelAs = 'caption',
  look = 'bordered',
  className,
  tableClassName,
  keyboardScroll = false,
}: DataTableProps<Row>) {
  const [sort, setSort] = useState<Sort | null>(null)
  const classes = LOOKS[look]
  const shown = sorted(rows, columns, sort)
  return (
    <div
      {...(keyboardScroll && { tabIndex: 0, role: 'region', 'aria-label': label })}
      className={cn(
        'relative min-w-0 overflow-x-auto',
        keyboardScroll &&
          'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-violet-700',
        className,
      )}
    >
      <table
        className={cn(classes.table, tableClassName)}
        aria-label={labelAs === 'aria-label' ? label : undefined}
      >
        {labelAs === 'caption' && <caption className="sr-only">{label}</caption>}
        <thead className={classes.head}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={sort?.key === column.key ? sort.direction : undefined}
                className={cn(classes.th, column.headerClassName)}
              >
                {column.sortValue ? (
                  <SortButton
                    direction={sort?.key === column.key ? sort.direction : undefined}
                    onClick={() => setSort(nextSort(sort, column.key))}
                  >
                    {column.header}
                  </SortButton>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={classes.body}>
          {shown.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <td key={column.key} className={cn(classes.td, column.cellClassName)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function SortButton({
  direction,
  onClick,
  children,
}: {
  direction: Sort['direction'] | undefined
  onClick: () => void
  children: ReactNode
}) {
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1 [text-transform:inherit]"
    >
      {children}
      <Icon aria-hidden="true" className="size-3" />
    </button>
  )
}

function nextSort(current: Sort | null, key: string): Sort {
  if (current?.key !== key) return { key, direction: 'ascending' }
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
}

function sorted<Row>(rows: readonly Row[], columns: readonly DataColumn<Row>[], sort: Sort | null) {
  const value = columns.find((column) => column.key === sort?.key)?.sortValue
  if (!sort || !value) return rows
  const sign = sort.direction === 'ascending' ? 1 : -1
  return [...rows].sort((a, b) => {
    const left = value(a)
    const right = value(b)
    return (left < right ? -1 : left > right ? 1 : 0) * sign
  })
}
