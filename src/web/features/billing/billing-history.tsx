import { useQuery } from '@tanstack/react-query'
import { FileDown } from 'lucide-react'
import { SUBSCRIPTION_TEXTS as T } from '#shared/contracts/billing.contract.ts'
import type { Invoice } from '#shared/contracts/billing-subscription.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { formatDate, formatPrice } from '#web/lib/format.ts'
import { invoicesQuery } from './plan-change.queries.ts'

const STATUS_TONES = {
  paid: 'green',
  open: 'yellow',
  failed: 'red',
  void: 'neutral',
  uncollectible: 'red',
} as const

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const period =
    invoice.periodStart && invoice.periodEnd
      ? `${formatDate(invoice.periodStart)} – ${formatDate(invoice.periodEnd)}`
      : null
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-medium text-slate-900">
          {invoice.description}
          {invoice.testMode && <span className="font-normal text-amber-800"> (test mode)</span>}
        </p>
        <p className="text-xs text-slate-600">
          {invoice.number} · {formatDate(invoice.createdAt)}
          {period && ` · ${period}`}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="text-sm font-semibold text-slate-900">{formatPrice(invoice.amount)}</span>
        <Badge tone={STATUS_TONES[invoice.status]} className="capitalize">
          {invoice.status}
        </Badge>
        {invoice.pdfUrl && (
          <a
            href={invoice.pdfUrl}
            aria-label={`${invoice.testMode ? 'Receipt' : 'PDF'} of ${invoice.number}`}
            {...(invoice.testMode ? { download: true } : { target: '_blank', rel: 'noreferrer' })}
            className="inline-flex items-center gap-1 text-sm font-medium text-violet-700 underline-offset-4 hover:underline"
          >
            <FileDown aria-hidden="true" className="size-4" />
            {invoice.testMode ? 'Receipt' : 'PDF'}
          </a>
        )}
      </div>
    </li>
  )
}

/** The agency's invoices: Stripe's (with their PDF), or in test mode our test receipts. */
export function BillingHistory() {
  const { data, error } = useQuery(invoicesQuery)
  if (error) throw error
  return (
    <Card>
      <CardHeader>
        <CardTitle>Billing history</CardTitle>
        <CardDescription>Invoices and receipts, newest first</CardDescription>
      </CardHeader>
      <CardContent>
        {!data ? (
          <Skeleton className="h-16 w-full" />
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600">{T.noInvoices}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {data.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
