import { useQuery } from '@tanstack/react-query'
import { FileDown, FilePlus2, Printer, Undo2 } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import {
  type ComparedQuote,
  QUOTE_TEXTS,
  type QuoteSort,
  quoteComparisonPdfPath,
} from '#shared/contracts/quotes.contract.ts'
import type { ApplicationStatus } from '#shared/domain/application-status.ts'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Label } from '#web/components/label.tsx'
import { Select } from '#web/components/select.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { QuoteComparison } from './quote-comparison.tsx'
import { quoteComparisonQuery } from './quotes.queries.ts'

// The forms (react-hook-form, the contract's schema) load when one is opened, not with the page.
const EnterQuoteDialog = lazy(() =>
  import('./enter-quote-dialog.tsx').then((m) => ({ default: m.EnterQuoteDialog })),
)
const RecordDeclineDialog = lazy(() =>
  import('./record-decline-dialog.tsx').then((m) => ({ default: m.RecordDeclineDialog })),
)
const BindQuoteDialog = lazy(() =>
  import('./bind-quote-dialog.tsx').then((m) => ({ default: m.BindQuoteDialog })),
)

const SORT_OPTIONS: { value: QuoteSort; label: string }[] = [
  { value: 'premium', label: 'Annual premium' },
  { value: 'expiry', label: 'Expiry' },
  { value: 'carrier', label: 'Carrier' },
]

export const QUOTES_EMPTY =
  'No quotes yet. Enter one from what a carrier sent; API carriers answer on their own.'

type Open = { dialog: 'enter' } | { dialog: 'decline' } | { dialog: 'bind'; quote: ComparedQuote } | null

/**
 * The application's quotes side by side, with what the agent does about them: enter a quote or a
 * decline, bind an offer, print the comparison, or save the server's PDF of it to send the client.
 */
export function QuotesSection({
  applicationId,
  status,
}: {
  applicationId: string
  status: ApplicationStatus
}) {
  const sortId = useId()
  const [sort, setSort] = useState<QuoteSort>('premium')
  const [open, setOpen] = useState<Open>(null)
  const { data: comparison } = useQuery({ ...quoteComparisonQuery(applicationId, sort), throwOnError: true })
  const close = () => setOpen(null)
  const closed = status === 'bound'
  return (
    <Card data-print-area="quotes">
      <style>{PRINT_CSS}</style>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{QUOTE_TEXTS.title}</CardTitle>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="outline" size="sm" disabled={closed} onClick={() => setOpen({ dialog: 'enter' })}>
            <FilePlus2 aria-hidden="true" />
            Enter quote
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={closed}
            onClick={() => setOpen({ dialog: 'decline' })}
          >
            <Undo2 aria-hidden="true" />
            Record decline
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!comparison?.quotes.length}
            onClick={() => window.print()}
          >
            <Printer aria-hidden="true" />
            {QUOTE_TEXTS.print}
          </Button>
          {comparison?.quotes.length ? (
            <a
              href={quoteComparisonPdfPath(applicationId)}
              download
              className={buttonClasses('outline', 'sm')}
            >
              <FileDown aria-hidden="true" />
              {QUOTE_TEXTS.savePdf}
            </a>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!comparison ? (
          <Spinner />
        ) : comparison.quotes.length === 0 ? (
          <p className="text-sm text-slate-600">{QUOTES_EMPTY}</p>
        ) : (
          <>
            <div className="flex items-center gap-2 print:hidden">
              <Label htmlFor={sortId}>Sort by</Label>
              <Select
                id={sortId}
                className="w-44"
                value={sort}
                onChange={(event) => setSort(event.target.value as QuoteSort)}
                options={SORT_OPTIONS}
              />
            </div>
            <QuoteComparison comparison={comparison} onBind={(quote) => setOpen({ dialog: 'bind', quote })} />
          </>
        )}
      </CardContent>
      <Suspense fallback={null}>
        {open?.dialog === 'enter' && comparison && (
          <EnterQuoteDialog applicationId={applicationId} carriers={comparison.carriers} onClose={close} />
        )}
        {open?.dialog === 'decline' && comparison && (
          <RecordDeclineDialog applicationId={applicationId} carriers={comparison.carriers} onClose={close} />
        )}
        {open?.dialog === 'bind' && (
          <BindQuoteDialog applicationId={applicationId} quote={open.quote} onClose={close} />
        )}
      </Suspense>
    </Card>
  )
}

/** Printing shows the comparison alone, every column on the page: what the client is sent. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  [data-print-area="quotes"], [data-print-area="quotes"] * { visibility: visible; }
  [data-print-area="quotes"] { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; }
  [data-print-area="quotes"] table { font-size: 10pt; }
  [data-print-area="quotes"] .overflow-x-auto { overflow: visible; }
}`
