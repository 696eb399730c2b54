import { Link } from 'react-router'
import type { StatementSummary } from '#shared/contracts/commissions-statements.contract.ts'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { formatCount, formatDateTime } from '#web/lib/format.ts'
import { useMediaQuery, WIDE_SCREEN } from '#web/lib/use-media-query.ts'
import { formatSignedMoney } from './commission-display.ts'
import { Fact } from './fact.tsx'
import { statementPath, STATEMENT_WORDS as W } from './statement-texts.ts'
import { TieOut } from './statement-tie-out.tsx'

const LINK = 'font-medium text-violet-700 underline-offset-2 hover:underline'
const NUMBER = { headerClassName: 'text-right', cellClassName: 'text-right tabular-nums' }

const importedText = (statement: StatementSummary) =>
  statement.importedByName
    ? `${formatDateTime(statement.importedAt)} by ${statement.importedByName}`
    : formatDateTime(statement.importedAt)

const COLUMNS: readonly DataColumn<StatementSummary>[] = [
  { key: 'carrier', header: W.carrier, cell: (s) => s.carrierName, cellClassName: 'font-medium' },
  {
    key: 'file',
    header: W.file,
    cell: (s) => (
      <Link to={statementPath(s.id)} className={LINK}>
        {s.fileName}
      </Link>
    ),
  },
  { key: 'imported', header: W.imported, cell: importedText },
  { key: 'lines', header: W.lines, cell: (s) => formatCount(s.lineCount), ...NUMBER },
  { key: 'total', header: W.total, cell: (s) => formatSignedMoney(s.total), ...NUMBER },
  {
    key: 'stated',
    header: W.statedTotal,
    cell: (s) => (
      <div className="grid max-w-64 gap-1">
        <span className="tabular-nums">
          {s.statedTotal === null ? '—' : formatSignedMoney(s.statedTotal)}
        </span>
        <TieOut statement={s} />
      </div>
    ),
  },
  { key: 'matched', header: W.matched, cell: (s) => formatCount(s.matched), ...NUMBER },
  { key: 'exceptions', header: W.exceptions, cell: (s) => formatCount(s.exceptions), ...NUMBER },
  { key: 'resolved', header: W.resolved, cell: (s) => formatCount(s.resolved), ...NUMBER },
]

/** The statements as cards on a phone and as a table from the medium breakpoint on. */
export function StatementList({ statements }: { statements: readonly StatementSummary[] }) {
  const wide = useMediaQuery(WIDE_SCREEN, true)
  if (wide)
    return (
      <DataTable
        columns={COLUMNS}
        rows={statements}
        rowKey={(statement) => statement.id}
        label={W.listLabel}
        look="flush"
        tableClassName="min-w-[60rem]"
      />
    )
  return (
    <ul aria-label={W.listLabel} className="grid gap-3 px-4 pb-4">
      {statements.map((statement) => (
        <li key={statement.id}>
          <StatementCard statement={statement} />
        </li>
      ))}
    </ul>
  )
}

function StatementCard({ statement }: { statement: StatementSummary }) {
  const headingId = `statement-card-${statement.id}`
  return (
    <article aria-labelledby={headingId} className="grid gap-2 rounded-md border border-slate-200 p-3">
      <div className="grid gap-0.5">
        <h3 id={headingId} className="text-sm font-semibold break-words text-slate-900">
          <Link to={statementPath(statement.id)} className={LINK}>
            {statement.carrierName}: {statement.fileName}
          </Link>
        </h3>
        <p className="text-xs text-slate-600">{importedText(statement)}</p>
      </div>
      <dl className="grid gap-1 text-sm">
        <Fact label={W.lines}>{formatCount(statement.lineCount)}</Fact>
        <Fact label={W.total}>{formatSignedMoney(statement.total)}</Fact>
        <Fact label={W.statedTotal}>
          {statement.statedTotal === null ? '—' : formatSignedMoney(statement.statedTotal)}
        </Fact>
        <Fact label={W.matched}>{formatCount(statement.matched)}</Fact>
        <Fact label={W.exceptions}>{formatCount(statement.exceptions)}</Fact>
        <Fact label={W.resolved}>{formatCount(statement.resolved)}</Fact>
      </dl>
      <div className="text-sm">
        <TieOut statement={statement} />
      </div>
    </article>
  )
}
