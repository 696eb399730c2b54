import type { ExpectedCommission } from '#shared/contracts/commissions-policies.contract.ts'
import {
  PRODUCER_ROLE_LABELS,
  RATE_SOURCE_LABELS,
  COMMISSION_TEXTS as T,
} from '#shared/contracts/commissions-texts.ts'
import { Badge } from '#web/components/badge.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatDay } from '#web/lib/format.ts'
import { formatRate, formatSignedMoney, TRANSACTION_LABELS } from './commission-display.ts'

const money = (amount: number) => (
  <span className={cn(amount < 0 && 'text-red-700')}>{formatSignedMoney(amount)}</span>
)

const COLUMNS: readonly DataColumn<ExpectedCommission>[] = [
  {
    key: 'transaction',
    header: 'Transaction',
    cell: (row) => `${TRANSACTION_LABELS[row.kind]} · term ${row.termNumber}`,
  },
  { key: 'effective', header: 'Effective', cell: (row) => formatDay(row.effectiveDate) },
  {
    key: 'premium',
    header: 'Premium change',
    cell: (row) => money(row.premiumChange),
    headerClassName: 'text-right',
    cellClassName: 'text-right tabular-nums',
  },
  {
    key: 'rate',
    header: 'Rate',
    cell: (row) =>
      row.rate === null ? (
        <Badge>{T.noRate}</Badge>
      ) : (
        <span>
          {formatRate(row.rate)} {row.rateKind === 'renewal' ? 'renewal' : 'new business'}
          <span className="block text-xs text-slate-600">
            {row.rateSource && RATE_SOURCE_LABELS[row.rateSource]}
          </span>
        </span>
      ),
  },
  {
    key: 'expected',
    header: 'Expected commission',
    cell: (row) =>
      row.expectedCommission === null ? (
        '—'
      ) : (
        <span>
          {money(row.expectedCommission)}
          {row.status === 'pending' && <span className="block text-xs text-slate-600">{T.pending}</span>}
        </span>
      ),
    headerClassName: 'text-right',
    cellClassName: 'text-right tabular-nums',
  },
  {
    key: 'producers',
    header: 'Producers',
    cell: (row) =>
      row.shares.length === 0 ? (
        '—'
      ) : (
        <ul className="grid gap-0.5">
          {row.shares.map((share) => (
            <li key={share.userId}>
              {share.name} ({PRODUCER_ROLE_LABELS[share.role].toLowerCase()}, {share.percent}%):{' '}
              <span className="tabular-nums">{formatSignedMoney(share.amount)}</span>
            </li>
          ))}
        </ul>
      ),
    cellClassName: 'min-w-56',
  },
]

/** Each transaction of the policy with what it should earn, its rate and where that came from, and each producer's part. */
export function ExpectedCommissionTable({ rows }: { rows: readonly ExpectedCommission[] }) {
  return (
    <DataTable
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.transactionId}
      label="Expected commission by transaction"
      tableClassName="min-w-[56rem]"
      keyboardScroll
    />
  )
}
