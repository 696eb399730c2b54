import type { PolicyTerm, PolicyTransaction } from '#shared/contracts/policies.contract.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatDateTime, formatDay } from '#web/lib/format.ts'
import {
  CANCELLATION_METHOD_LABELS,
  CANCELLATION_REASON_LABELS,
  formatMoney,
  formatPremiumChange,
  formatTerm,
  TRANSACTION_KIND_LABELS,
} from './policy-display.ts'

const COLUMNS: readonly DataColumn<PolicyTransaction>[] = [
  { key: 'kind', header: 'Transaction', cell: (t) => TRANSACTION_KIND_LABELS[t.kind] },
  { key: 'effective', header: 'Effective', cell: (t) => formatDay(t.effectiveDate) },
  {
    key: 'change',
    header: 'Premium change',
    cell: (t) => (
      <span className={cn(t.premiumChange < 0 && 'text-red-700')}>
        {formatPremiumChange(t.premiumChange)}
      </span>
    ),
    headerClassName: 'text-right',
    cellClassName: 'text-right tabular-nums',
  },
  { key: 'description', header: 'Description', cell: describe, cellClassName: 'min-w-48' },
  { key: 'by', header: 'By', cell: (t) => t.createdByName ?? '—' },
  { key: 'at', header: 'Recorded', cell: (t) => formatDateTime(t.createdAt) },
]

/** A cancellation says why and how; the rest say what the agent wrote. */
function describe(transaction: PolicyTransaction): string {
  const details = transaction.details ?? {}
  const parts: string[] = []
  if (transaction.kind === 'cancellation') {
    const reason = CANCELLATION_REASON_LABELS[details.reason as keyof typeof CANCELLATION_REASON_LABELS]
    const method = CANCELLATION_METHOD_LABELS[details.method as keyof typeof CANCELLATION_METHOD_LABELS]
    if (reason) parts.push(reason)
    if (method) {
      const penalty =
        typeof details.penaltyBp === 'number' && details.penaltyBp > 0
          ? ` (${details.penaltyBp / 100}% penalty)`
          : ''
      parts.push(`${method}${penalty}`)
    }
  }
  if (transaction.description) parts.push(transaction.description)
  return parts.join(' · ') || '—'
}

/** Each term, newest first, with its ledger of transactions in the order they were written. */
export function PolicyTerms({ terms }: { terms: readonly PolicyTerm[] }) {
  const newestFirst = [...terms].sort((a, b) => b.termNumber - a.termNumber)
  return (
    <section aria-labelledby="policy-terms" className="grid min-w-0 gap-4">
      <h2 id="policy-terms" className="text-lg font-semibold text-slate-900">
        Terms and transactions
      </h2>
      {newestFirst.map((term) => (
        // min-w-0: a grid item is as wide as its table otherwise, and the page scrolls instead of the table.
        <Card key={term.id} className="min-w-0">
          <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2">
            <CardTitle as="h3">
              Term {term.termNumber}: {formatTerm(term)}
            </CardTitle>
            <CardDescription>
              Written premium{' '}
              <span className="font-semibold text-slate-900 tabular-nums">
                {formatMoney(term.writtenPremium)}
              </span>
            </CardDescription>
          </CardHeader>
          <CardContent className="px-0 pb-2">
            <DataTable
              columns={COLUMNS}
              rows={term.transactions}
              rowKey={(t) => t.id}
              label={`Transactions of term ${term.termNumber}`}
              look="flush"
              tableClassName="min-w-[48rem]"
              keyboardScroll
            />
          </CardContent>
        </Card>
      ))}
    </section>
  )
}
