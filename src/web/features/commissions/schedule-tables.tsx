import type { CommissionRate, CommissionRateEntry } from '#shared/contracts/commissions.contract.ts'
import { COMMISSION_TEXTS as T } from '#shared/contracts/commissions-texts.ts'
import { Badge, type BadgeTone } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { formatDateTime, formatDay } from '#web/lib/format.ts'
import { formatRate, lineLabel } from './commission-display.ts'

const carrierOf = (rate: CommissionRate) => rate.carrierName ?? T.allCarriers

const KEY_COLUMNS: DataColumn<CommissionRate>[] = [
  { key: 'carrier', header: 'Carrier', cell: carrierOf, cellClassName: 'font-medium text-slate-900' },
  { key: 'line', header: 'Line', cell: (rate) => lineLabel(rate.lineOfBusiness, T.allLines) },
  {
    key: 'nb',
    header: 'New business',
    cell: (rate) => formatRate(rate.newBusinessRate),
    headerClassName: 'text-right',
    cellClassName: 'text-right tabular-nums',
  },
  {
    key: 'renewal',
    header: 'Renewal',
    cell: (rate) => formatRate(rate.renewalRate),
    headerClassName: 'text-right',
    cellClassName: 'text-right tabular-nums',
  },
]

interface CurrentRatesProps {
  rates: readonly CommissionRate[]
  /** Admins change or end a row; without them the table only reads. */
  onChange?: (rate: CommissionRate) => void
  onEnd?: (rate: CommissionRate) => void
}

/** The rates in force today, the agency's defaults first. */
export function CurrentRatesTable({ rates, onChange, onEnd }: CurrentRatesProps) {
  const columns: DataColumn<CommissionRate>[] = [
    ...KEY_COLUMNS,
    { key: 'since', header: 'Since', cell: (rate) => formatDay(rate.effectiveFrom) },
  ]
  if (onChange && onEnd)
    columns.push({
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (rate) => {
        const name = `${carrierOf(rate)}, ${lineLabel(rate.lineOfBusiness, T.allLines)}`
        return (
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => onChange(rate)} aria-label={`Change ${name}`}>
              Change
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onEnd(rate)} aria-label={`End ${name}`}>
              End
            </Button>
          </div>
        )
      },
    })
  return (
    <DataTable
      columns={columns}
      rows={rates}
      rowKey={(rate) => rate.id}
      label="Commission rates in force today"
      tableClassName="min-w-[40rem]"
      keyboardScroll
    />
  )
}

const STATUS: Record<CommissionRateEntry['status'], { label: string; tone: BadgeTone }> = {
  current: { label: 'In force', tone: 'green' },
  scheduled: { label: 'Scheduled', tone: 'blue' },
  superseded: { label: 'Replaced', tone: 'neutral' },
  ended: { label: 'Ended', tone: 'orange' },
}

const HISTORY_COLUMNS: DataColumn<CommissionRateEntry>[] = [
  { key: 'from', header: 'Effective from', cell: (row) => formatDay(row.effectiveFrom) },
  ...(KEY_COLUMNS as unknown as DataColumn<CommissionRateEntry>[]),
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>,
  },
  { key: 'by', header: 'By', cell: (row) => row.createdByName ?? '—' },
  { key: 'at', header: 'Recorded', cell: (row) => formatDateTime(row.createdAt) },
]

/** Every change to the schedule, newest effective date first. */
export function RateHistoryTable({ history }: { history: readonly CommissionRateEntry[] }) {
  return (
    <DataTable
      columns={HISTORY_COLUMNS}
      rows={history}
      rowKey={(row) => row.id}
      label="Changes to the commission schedule"
      tableClassName="min-w-[52rem]"
      keyboardScroll
    />
  )
}
