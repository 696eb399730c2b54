import type { CommissionException } from '#shared/contracts/commissions-statements.contract.ts'
import type { ExceptionAction } from '#shared/contracts/commissions-statements-texts.ts'
import { Card } from '#web/components/card.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { ExceptionActionMenu } from './exception-action-menu.tsx'
import { dayOrDash, KindBadge, moneyOrDash, PolicyCell, ResolutionText } from './exception-display.tsx'
import { EXCEPTION_WORDS as W } from './exception-texts.ts'

type Choose = (exception: CommissionException, action: ExceptionAction) => void

interface ExceptionListProps {
  exceptions: readonly CommissionException[]
  /** Admins resolve open exceptions; without it the list only reads. */
  onChoose?: Choose
  busy: boolean
}

const money = { headerClassName: 'text-right', cellClassName: 'text-right tabular-nums' }

function columnsFor(onChoose: Choose | undefined): DataColumn<CommissionException>[] {
  const columns: DataColumn<CommissionException>[] = [
    { key: 'kind', header: W.kind, cell: (e) => <KindBadge kind={e.kind} /> },
    { key: 'policy', header: W.policy, cell: (e) => <PolicyCell exception={e} /> },
    { key: 'carrier', header: W.carrier, cell: (e) => e.carrierName },
    {
      key: 'reason',
      header: W.reason,
      cell: (e) => <p className="max-w-sm whitespace-normal text-slate-700">{e.reason}</p>,
    },
    { key: 'paid', header: W.paid, cell: (e) => moneyOrDash(e.paidAmount), ...money },
    { key: 'expected', header: W.expected, cell: (e) => moneyOrDash(e.expectedAmount), ...money },
    { key: 'date', header: W.date, cell: (e) => dayOrDash(e.effectiveDate) },
    { key: 'outcome', header: W.outcome, cell: (e) => <ResolutionText exception={e} /> },
  ]
  if (onChoose)
    columns.push({
      key: 'actions',
      header: <span className="sr-only">{W.actions}</span>,
      cell: (e) => (e.status === 'open' ? <ExceptionActionMenu exception={e} onChoose={onChoose} /> : null),
      cellClassName: 'text-right',
    })
  return columns
}

/**
 * The queue in the server's order (oldest first): cards on a phone, a table from a tablet's width
 * on. Both are in the page; the screen's width shows one.
 */
export function ExceptionList({ exceptions, onChoose, busy }: ExceptionListProps) {
  return (
    <div aria-busy={busy} className={busy ? 'opacity-60' : undefined}>
      <ul aria-label={W.listLabel} className="grid gap-3 md:hidden">
        {exceptions.map((exception) => (
          <li key={exception.id}>
            <ExceptionCard exception={exception} onChoose={onChoose} />
          </li>
        ))}
      </ul>
      <Card className="hidden overflow-hidden md:block">
        <DataTable
          columns={columnsFor(onChoose)}
          rows={exceptions}
          rowKey={(e) => e.id}
          label={W.listLabel}
          look="flush"
          tableClassName="min-w-[64rem]"
          keyboardScroll
        />
      </Card>
    </div>
  )
}

function ExceptionCard({ exception, onChoose }: { exception: CommissionException; onChoose?: Choose }) {
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-start justify-between gap-3">
        <PolicyCell exception={exception} />
        <KindBadge kind={exception.kind} />
      </div>
      <p className="text-sm text-slate-700">{exception.reason}</p>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Figure label={W.paid} value={moneyOrDash(exception.paidAmount)} />
        <Figure label={W.expected} value={moneyOrDash(exception.expectedAmount)} />
        <Figure label={W.date} value={dayOrDash(exception.effectiveDate)} />
      </dl>
      <div className="flex flex-wrap items-end justify-between gap-3 text-sm">
        <div className="grid gap-0.5">
          <span className="text-xs text-slate-600">{exception.carrierName}</span>
          {exception.status === 'resolved' && <ResolutionText exception={exception} />}
        </div>
        {onChoose && exception.status === 'open' && (
          <ExceptionActionMenu exception={exception} onChoose={onChoose} />
        )}
      </div>
    </Card>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
    </div>
  )
}
