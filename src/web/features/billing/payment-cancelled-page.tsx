import { CircleX } from 'lucide-react'
import { Link } from 'react-router'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { buttonClasses } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'

export function PaymentCancelledPage() {
  return (
    <CenteredPage>
      <title>{SUBSCRIPTION_TEXTS.paymentCancelled}</title>
      <Card className="text-center">
        <CardHeader className="justify-items-center">
          <CircleX aria-hidden="true" className="size-12 text-slate-500" />
          <CardTitle as="h1" className="text-2xl">
            {SUBSCRIPTION_TEXTS.paymentCancelled}
          </CardTitle>
          <CardDescription>{SUBSCRIPTION_TEXTS.nothingCharged}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 sm:grid-cols-2">
          <Link to="/setup-payment" className={buttonClasses('primary', 'lg')}>
            Try Again
          </Link>
          <Link to="/" className={buttonClasses('outline', 'lg')}>
            Back to Dashboard
          </Link>
        </CardContent>
      </Card>
    </CenteredPage>
  )
}
