import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import type { RenewalDetails } from '#shared/contracts/renewals.contract.ts'
import { isOpenStage } from '#shared/domain/renewal-pipeline.ts'
import { Alert } from '#web/components/alert.tsx'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { formatCents, formatDay } from '#web/lib/format.ts'
import { formatPercent } from './renewal-cells.tsx'
import { canRenewWith, optionsOf, type RenewalOption, type RenewOutcome } from './renewal-options.ts'
import { fill, QUOTE_STATUS_WORDS, RENEWAL_WORDS as W } from './renewal-texts.ts'
import { renewalComparisonQuery } from './renewals.queries.ts'

/** The renew dialog (its form and the contract's schema) loads when first opened. */
const RenewDialog = lazy(() => import('./renew-dialog.tsx').then((m) => ({ default: m.RenewDialog })))

const NONE = W.noMilestone

function columnsFor(open: boolean, onRenew: (option: RenewalOption) => void): DataColumn<RenewalOption>[] {
  const columns: DataColumn<RenewalOption>[] = [
    {
      key: 'option',
      header: W.option,
      cell: (option) => (
        <span className="grid justify-items-start gap-1 whitespace-normal">
          <span className="font-medium text-slate-900">{option.label}</span>
          {option.quote && <Badge>{QUOTE_STATUS_WORDS[option.quote.status]}</Badge>}
        </span>
      ),
    },
    {
      key: 'annual',
      header: W.annualPremium,
      cell: (option) =>
        option.annualPremium === null ? NONE : <strong>{formatCents(option.annualPremium)}</strong>,
      headerClassName: 'text-right',
      cellClassName: 'text-right tabular-nums',
    },
    {
      key: 'change',
      header: W.change,
      cell: (option) => (option.changePercent === null ? NONE : formatPercent(option.changePercent)),
      headerClassName: 'text-right',
      cellClassName: 'text-right tabular-nums',
    },
    {
      key: 'term',
      header: W.termPremium,
      cell: (option) =>
        option.premium === null || option.termMonths === null
          ? NONE
          : `${formatCents(option.premium)} / ${fill(W.months, { months: option.termMonths })}`,
    },
    {
      key: 'effective',
      header: W.effectiveOn,
      cell: (option) => (option.effectiveDate ? formatDay(option.effectiveDate) : NONE),
    },
  ]
  if (!open) return columns
  return [
    ...columns,
    {
      key: 'action',
      header: <span className="sr-only">{W.action}</span>,
      cell: (option) =>
        canRenewWith(option) ? (
          <Button
            size="sm"
            aria-label={fill(W.renewWith, { option: option.label })}
            onClick={() => onRenew(option)}
          >
            {W.renew}
          </Button>
        ) : null,
    },
  ]
}

/**
 * The carrier's renewal offer beside the remarketed application's quotes, cheapest first, each with
 * its change from the expiring premium; Renew on the offer and on each offered quote.
 */
export function RenewalComparison({ renewal }: { renewal: RenewalDetails }) {
  const comparison = useQuery(renewalComparisonQuery(renewal.id))
  const [renewing, setRenewing] = useState<RenewalOption | null>(null)
  const [outcome, setOutcome] = useState<RenewOutcome | null>(null)
  const options = comparison.data ? optionsOf(comparison.data, renewal.carrierName) : []
  return (
    // min-w-0: a grid item is as wide as its table otherwise, and the page scrolls instead of the table.
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{W.comparison}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {outcome && (
          <Alert tone="info" title={outcome.newPolicy ? W.renewedNew : W.renewedSame}>
            <Link to={`/policies/${outcome.policyId}`} className="font-medium underline">
              {W.viewNextTerm}
            </Link>
          </Alert>
        )}
        {comparison.isPending ? (
          <Spinner label={W.comparison} />
        ) : comparison.isError ? (
          <Alert tone="error">{W.comparisonFailed}</Alert>
        ) : options.length === 0 ? (
          <p className="text-sm text-slate-700">{W.comparisonEmpty}</p>
        ) : (
          <DataTable
            columns={columnsFor(isOpenStage(renewal.stage), setRenewing)}
            rows={options}
            rowKey={(option) => option.key}
            label={W.comparisonLabel}
            tableClassName="min-w-[40rem]"
          />
        )}
      </CardContent>
      {renewing && (
        <Suspense fallback={null}>
          <RenewDialog
            renewal={renewal}
            option={renewing}
            onClose={() => setRenewing(null)}
            onRenewed={setOutcome}
          />
        </Suspense>
      )}
    </Card>
  )
}
