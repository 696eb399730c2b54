import type { StatementLine } from '#shared/contracts/commissions-statements.contract.ts'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { useMediaQuery, WIDE_SCREEN } from '#web/lib/use-media-query.ts'
import { Fact } from './fact.tsx'
import {
  LineStatusBadges,
  MatchedPolicy,
  MatchReason,
  money,
  rate,
  transactionText,
} from './statement-line-cells.tsx'

const NUMBER = { headerClassName: 'text-right', cellClassName: 'text-right tabular-nums' }
const dash = (text: string | null) => text ?? '—'

const COLUMNS: readonly DataColumn<StatementLine>[] = [
  { key: 'row', header: 'Row', cell: (line) => line.rowNumber, ...NUMBER },
  { key: 'policy', header: 'Policy number', cell: (line) => dash(line.policyNumber) },
  { key: 'insured', header: 'Insured', cell: (line) => dash(line.insuredName) },
  { key: 'transaction', header: 'Transaction', cell: transactionText },
  { key: 'premium', header: 'Premium', cell: (line) => money(line.premium), ...NUMBER },
  { key: 'rate', header: 'Rate', cell: rate, ...NUMBER },
  { key: 'commission', header: 'Commission', cell: (line) => money(line.commission), ...NUMBER },
  { key: 'expected', header: 'Expected', cell: (line) => money(line.expectedAmount), ...NUMBER },
  { key: 'status', header: 'Status', cell: (line) => <LineStatusBadges line={line} /> },
  { key: 'matched', header: 'Matched policy', cell: (line) => <MatchedPolicy line={line} /> },
  {
    key: 'reason',
    header: 'Why',
    cell: (line) => <MatchReason line={line} />,
    cellClassName: 'min-w-64 whitespace-normal',
  },
]

interface StatementLineListProps {
  lines: readonly StatementLine[]
  label: string
}

/** One page of lines: cards on a phone, a table from the medium breakpoint on. */
export function StatementLineList({ lines, label }: StatementLineListProps) {
  const wide = useMediaQuery(WIDE_SCREEN, true)
  if (wide)
    return (
      <DataTable
        columns={COLUMNS}
        rows={lines}
        rowKey={(line) => line.id}
        label={label}
        look="flush"
        className="-mx-4 sm:-mx-6"
        tableClassName="min-w-[80rem]"
      />
    )
  return (
    <ul aria-label={label} className="grid gap-3">
      {lines.map((line) => (
        <li key={line.id}>
          <LineCard line={line} />
        </li>
      ))}
    </ul>
  )
}

function LineCard({ line }: { line: StatementLine }) {
  return (
    <article
      aria-label={`Row ${line.rowNumber}`}
      className="grid gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-slate-900">Row {line.rowNumber}</span>
        <LineStatusBadges line={line} />
      </div>
      <dl className="grid gap-1">
        <Fact label="Policy number">{dash(line.policyNumber)}</Fact>
        <Fact label="Insured">{dash(line.insuredName)}</Fact>
        <Fact label="Transaction">{transactionText(line)}</Fact>
        <Fact label="Premium">{money(line.premium)}</Fact>
        <Fact label="Rate">{rate(line)}</Fact>
        <Fact label="Commission">{money(line.commission)}</Fact>
        <Fact label="Expected">{money(line.expectedAmount)}</Fact>
        <Fact label="Matched policy">
          <MatchedPolicy line={line} />
        </Fact>
      </dl>
      <MatchReason line={line} />
    </article>
  )
}
