import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { documentDownloadPath } from '#shared/contracts/documents.contract.ts'
import {
  type ComparedQuote,
  type QuoteComparison as Comparison,
  coverageKey,
} from '#shared/contracts/quotes.contract.ts'
import { Button } from '#web/components/button.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { formatCents } from '#web/lib/format.ts'
import { BindRequestState } from './bind-request-state.tsx'
import {
  formatDay,
  formatDifference,
  formatEstimate,
  formatExpiry,
  formatTermPremium,
  formatTurnaround,
  NONE,
  QuoteStatusBadge,
} from './quote-cells.tsx'
import { policyPath } from './quotes.queries.ts'

/** One compared line: its label and what each quote says of it. */
interface Line {
  key: string
  label: string
  cell: (quote: ComparedQuote) => ReactNode
}

function coverageValue(quote: ComparedQuote, label: string): string {
  return quote.coverages.find((coverage) => coverageKey(coverage.label) === coverageKey(label))?.value ?? NONE
}

function linesOf(comparison: Comparison, onBind: (quote: ComparedQuote) => void): Line[] {
  const { quotes, coverageLabels } = comparison
  const some = (test: (quote: ComparedQuote) => boolean) => quotes.some(test)
  const lines: (Line | false)[] = [
    { key: 'status', label: 'Status', cell: (q) => <QuoteStatusBadge status={q.status} /> },
    {
      key: 'annual',
      label: 'Annual premium',
      cell: (q) => (q.annualPremium === null ? NONE : <strong>{formatCents(q.annualPremium)}</strong>),
    },
    { key: 'term', label: 'Premium for the term', cell: formatTermPremium },
    { key: 'effective', label: 'Effective date', cell: (q) => formatDay(q.effectiveDate) },
    { key: 'expires', label: 'Expires', cell: formatExpiry },
    { key: 'number', label: 'Quote number', cell: (q) => q.quoteNumber ?? NONE },
    { key: 'turnaround', label: 'Carrier turnaround', cell: (q) => formatTurnaround(q.turnaroundDays) },
    { key: 'estimate', label: 'Estimated premium', cell: (q) => formatEstimate(q.estimatedPremium) },
    {
      key: 'difference',
      label: 'Difference from estimate',
      cell: (q) => formatDifference(q.differenceFromEstimate),
    },
    ...coverageLabels.map((label) => ({
      key: `coverage-${label}`,
      label,
      cell: (q: ComparedQuote) => coverageValue(q, label),
    })),
    some((q) => q.declineReason !== null) && {
      key: 'reason',
      label: 'Decline reason',
      cell: (q) => q.declineReason ?? NONE,
    },
    some((q) => q.documentId !== null) && {
      key: 'document',
      label: 'Quote document',
      cell: (q) =>
        q.documentId ? (
          <a className="text-violet-700 hover:underline" href={documentDownloadPath(q.documentId)}>
            Download
          </a>
        ) : (
          NONE
        ),
    },
    { key: 'action', label: 'Bind', cell: (q) => <QuoteAction quote={q} onBind={onBind} /> },
  ]
  return lines.filter((line): line is Line => line !== false)
}

function QuoteAction({ quote, onBind }: { quote: ComparedQuote; onBind: (quote: ComparedQuote) => void }) {
  if (quote.status === 'offered')
    return (
      <Button
        size="sm"
        className="print:hidden"
        aria-label={`Bind ${quote.carrierName}’s quote`}
        onClick={() => onBind(quote)}
      >
        Bind
      </Button>
    )
  if (quote.status !== 'bound' || !quote.policyId) return NONE
  return (
    <div className="grid gap-1">
      <Link to={policyPath(quote.policyId)} className="font-medium text-violet-700 hover:underline">
        View policy
      </Link>
      {quote.bindRequest && <BindRequestState quote={quote} request={quote.bindRequest} />}
    </div>
  )
}

/** The quotes side by side: a column per quote, a line per figure, coverages lined up by label. */
export function QuoteComparison({
  comparison,
  onBind,
}: {
  comparison: Comparison
  onBind: (quote: ComparedQuote) => void
}) {
  const columns: DataColumn<Line>[] = [
    {
      key: 'label',
      header: <span className="sr-only">Compared</span>,
      cell: (line) => <span className="font-medium text-slate-700">{line.label}</span>,
      cellClassName: 'whitespace-nowrap',
    },
    ...comparison.quotes.map(
      (quote): DataColumn<Line> => ({
        key: quote.id,
        header: <span className="normal-case">{quote.carrierName}</span>,
        cell: (line) => line.cell(quote),
        cellClassName: 'min-w-40',
      }),
    ),
  ]
  return (
    <DataTable
      columns={columns}
      rows={linesOf(comparison, onBind)}
      rowKey={(line) => line.key}
      label="Quotes compared side by side"
    />
  )
}
