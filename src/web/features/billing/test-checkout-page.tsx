import { useQuery } from '@tanstack/react-query'
import { FlaskConical } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { type CheckoutSession, SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import { formatPrice } from '#web/lib/format.ts'
import { testCheckoutQuery, useTestCheckoutAction } from './billing.queries.ts'

/** The built-in stand-in for a payment provider's hosted page, used when none is configured. */
export function TestCheckoutPage() {
  const { id = '' } = useParams()
  const { data: checkout, isPending } = useQuery({ ...testCheckoutQuery(id), throwOnError: true })
  return (
    <CenteredPage>
      <title>Test checkout</title>
      <div
        role="note"
        className="mb-4 flex items-center justify-center gap-2 rounded-md border-2 border-amber-400 bg-amber-50 px-4 py-3 text-center font-semibold text-amber-900"
      >
        <FlaskConical aria-hidden="true" className="size-5 shrink-0" />
        {SUBSCRIPTION_TEXTS.testModeBanner}
      </div>
      {isPending || !checkout ? <PageSpinner /> : <CheckoutCard checkout={checkout} />}
    </CenteredPage>
  )
}

function CheckoutCard({ checkout }: { checkout: CheckoutSession }) {
  const pay = useTestCheckoutAction('pay', 'Payment Failed')
  const cancel = useTestCheckoutAction('cancel', 'Cancel Failed')
  const busy = pay.isPending || cancel.isPending
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Checkout
        </CardTitle>
        <CardDescription>
          {checkout.kind === 'upgrade'
            ? 'Your plan changes as soon as you pay: the amount is the difference for the rest of your current period.'
            : 'Review your subscription and complete the payment.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid gap-2 rounded-md border border-slate-200 p-4 text-sm">
          <SummaryRow label="Plan" value={checkout.planName} />
          <SummaryRow
            label="Billing period"
            value={<span className="capitalize">{checkout.billingPeriod}</span>}
          />
          <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-2">
            <dt className="font-semibold text-slate-900">Amount</dt>
            <dd className="text-lg font-bold text-slate-900">{formatPrice(checkout.amount)}</dd>
          </div>
        </dl>
        {checkout.status === 'open' ? (
          <div className="grid gap-2 sm:grid-cols-2">
            <Button size="lg" disabled={busy} onClick={() => pay.mutate(checkout.id)}>
              {pay.isPending ? 'Paying...' : 'Pay'}
            </Button>
            <Button variant="outline" size="lg" disabled={busy} onClick={() => cancel.mutate(checkout.id)}>
              Cancel
            </Button>
          </div>
        ) : (
          <>
            <Alert tone="warning">{SUBSCRIPTION_TEXTS.checkoutNotOpen}</Alert>
            <Link to="/" className={buttonClasses('outline', 'lg')}>
              Back to Dashboard
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  )
}

function SummaryRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  )
}
