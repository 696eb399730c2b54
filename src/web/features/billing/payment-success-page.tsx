import { CircleCheck } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { getPlan } from '#shared/domain/plans.ts'
import { buttonClasses } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import { cn } from '#web/lib/cn.ts'

export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams()
  const sessionId = searchParams.get('session_id')
  const planCode = searchParams.get('plan')
  const planName = (planCode && getPlan(planCode)?.name) || planCode
  return (
    <CenteredPage>
      <title>{SUBSCRIPTION_TEXTS.paymentSuccessful}</title>
      <Card className="text-center">
        <CardHeader className="justify-items-center">
          <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
          <CardTitle as="h1" className="text-2xl">
            {SUBSCRIPTION_TEXTS.paymentSuccessful}
          </CardTitle>
          <CardDescription>
            {planName ? (
              <>
                Your <strong className="text-slate-900">{planName}</strong> plan is now active.
              </>
            ) : (
              'Your subscription is now active.'
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {sessionId && (
            <div className="rounded-md bg-slate-100 px-3 py-2 text-sm">
              <p className="text-slate-600">Session ID</p>
              <p className="font-mono break-all text-slate-900">{sessionId}</p>
            </div>
          )}
          <Link to="/" className={cn(buttonClasses('primary', 'lg'), 'w-full')}>
            Back to Dashboard
          </Link>
        </CardContent>
      </Card>
    </CenteredPage>
  )
}
