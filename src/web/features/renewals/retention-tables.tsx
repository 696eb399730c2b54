import type { RetentionRange, RetentionRow } from '#shared/contracts/renewals-retention.contract.ts'
import { type RetentionTable, RETENTION_TEXTS as T } from '#shared/contracts/renewals-retention-texts.ts'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { formatCount, formatDollars } from '#web/lib/format.ts'
import { formatRate } from './retention-format.ts'
import { RetentionSection } from './retention-section.tsx'

const NUMBER = { headerClassName: 'text-right', cellClassName: 'text-right tabular-nums' }

function columnsFor(heading: string): DataColumn<RetentionRow>[] {
  return [
    {
      key: 'label',
      header: heading,
      cell: (row) => (row.key === 'total' ? <strong>{row.label}</strong> : row.label),
    },
    { key: 'closed', header: 'Closed', cell: (row) => formatCount(row.closed), ...NUMBER },
    { key: 'renewed', header: 'Renewed', cell: (row) => formatCount(row.renewed), ...NUMBER },
    { key: 'countRate', header: 'By count', cell: (row) => formatRate(row.countRate), ...NUMBER },
    {
      key: 'expiring',
      header: 'Expiring premium',
      cell: (row) => formatDollars(row.expiringPremium),
      ...NUMBER,
    },
    {
      key: 'retained',
      header: 'Retained premium',
      cell: (row) => formatDollars(row.retainedPremium),
      ...NUMBER,
    },
    { key: 'premiumRate', header: 'By premium', cell: (row) => formatRate(row.premiumRate), ...NUMBER },
  ]
}

const HEADINGS = { month: 'Month', producer: 'Producer', carrier: 'Carrier', line: 'Line' } as const

/**
 * Retention per month, producer, carrier or line, with the total as its last row. On a phone
 * the table scrolls sideways inside its card, and the keyboard can scroll it too.
 */
export function RetentionRowsTable({
  table,
  range,
  rows,
  total,
}: {
  table: keyof typeof HEADINGS
  range: RetentionRange
  rows: RetentionRow[]
  total: RetentionRow
}) {
  return (
    <RetentionSection table={table satisfies RetentionTable} range={range}>
      {rows.length === 0 ? (
        <p className="px-4 text-sm text-slate-600 sm:px-6">{T.nothingClosed}</p>
      ) : (
        <DataTable
          columns={columnsFor(HEADINGS[table])}
          rows={[...rows, total]}
          rowKey={(row) => row.key || 'none'}
          label={`Retention by ${HEADINGS[table].toLowerCase()}`}
          look="flush"
          tableClassName="min-w-[44rem]"
          keyboardScroll
        />
      )}
    </RetentionSection>
  )
}
