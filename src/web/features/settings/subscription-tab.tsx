import { useQuery } from '@tanstack/react-query'
import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { SETTINGS_TEXTS as T } from '#shared/contracts/settings.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatPrice } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { currentSubscriptionQuery, useOpenBillingPortal } from './settings.queries.ts'

/** Spec §4: 'active' is the default badge, any other status destructive; none known reads 'Unknown'. */
function StatusBadge({ status }: { status: string | undefined }) {
  if (!status) return <Badge>Unknown</Badge>
  return (
    <Badge tone={status === 'active' ? 'green' : 'red'} className="capitalize">
      {status.replaceAll('_', ' ')}
    </Badge>
  )
}

/**
 * 'Manage Subscription': Stripe's Customer Portal (card, invoices, plan) when the agency pays
 * through Stripe; otherwise (test mode, or nothing paid yet) the billing screen.
 */
function ManageSubscription({ portal }: { portal: boolean }) {
  const open = useOpenBillingPortal()
  if (!portal)
    return (
      <Link to="/subscription" className={buttonClasses('outline')}>
        {T.manageSubscription}
      </Link>
    )
  return (
    <Button
      variant="outline"
      disabled={open.isPending}
      onClick={() =>
        open.mutate(undefined, {
          onError: (error) =>
            showToast({
              title: 'Error',
              description: isApiError(error) ? error.message : undefined,
              variant: 'destructive',
            }),
        })
      }
    >
      <ExternalLink aria-hidden="true" />
      {open.isPending ? 'Opening...' : T.manageSubscription}
    </Button>
  )
}

/** Settings › Subscription: plan, status and the cost of the billed period (not for free). */
export function SubscriptionTab() {
  const { data, error } = useQuery(currentSubscriptionQuery)
  if (error) throw error
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription</CardTitle>
        <CardDescription>Your agency's plan</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data ? (
          <dl className="grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600">Plan</dt>
              <dd className="text-base font-semibold text-slate-900">{data.plan.name}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Status</dt>
              <dd>
                <StatusBadge status={data.status} />
              </dd>
            </div>
            {data.plan.code !== 'free' && (
              <div>
                <dt className="text-sm text-slate-600">
                  {data.plan.billingPeriod === 'yearly' ? T.yearlyCost : T.monthlyCost}
                </dt>
                <dd className="text-base font-semibold text-slate-900">
                  {formatPrice(data.plan.price)}{' '}
                  {data.plan.billingPeriod === 'yearly' ? T.perYear : T.perMonth}
                </dd>
              </div>
            )}
          </dl>
        ) : (
          <Skeleton className="h-12 w-full" />
        )}
        <div>
          <ManageSubscription portal={data?.portalAvailable ?? false} />
        </div>
      </CardContent>
    </Card>
  )
}
