import { Check } from 'lucide-react'
import { Link } from 'react-router'
import { getPlan } from '#shared/domain/plans.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { formatCount, formatPrice } from '#web/lib/format.ts'
import { useStartCheckoutMutation } from './billing.queries.ts'

/** Spec part 2 §2: a fixed Starter plan leading to the provider's hosted checkout. */
export function SetupPaymentPage() {
  const checkout = useStartCheckoutMutation()
  const starter = getPlan('starter')!
  // The page subscribes a Free agency; one already paying changes its plan on the billing screen.
  const current = getPlan(useCurrentUser().subscriptionTier)
  const paying = current && current.code !== 'free'
  return (
    <CenteredPage>
      <title>Setup Payment</title>
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Setup Payment
          </CardTitle>
          <CardDescription>Subscribe to the {starter.name} plan to submit more applications.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="rounded-md border border-violet-200 bg-violet-50 p-4 text-center">
            <h2 className="text-lg font-semibold text-slate-900">{starter.name}</h2>
            <p className="text-slate-900">
              <span className="text-3xl font-bold">{formatPrice(starter.monthlyPriceCents / 100)}</span> per
              month
            </p>
            <p className="text-sm text-slate-700">
              {formatCount(starter.monthlyApplicationLimit)} applications per month
            </p>
          </div>
          <ul className="grid gap-2 text-sm text-slate-700">
            {starter.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-green-700" />
                {feature}
              </li>
            ))}
          </ul>
          {paying ? (
            <>
              <Alert>Your agency is already on the {current.name} plan.</Alert>
              <Link to="/subscription" className={buttonClasses('primary', 'lg')}>
                Go to Subscription and Billing
              </Link>
            </>
          ) : (
            <Button size="lg" disabled={checkout.isPending} onClick={() => checkout.mutate(starter.code)}>
              {checkout.isPending ? 'Redirecting...' : 'Continue to Payment'}
            </Button>
          )}
        </CardContent>
      </Card>
    </CenteredPage>
  )
}
