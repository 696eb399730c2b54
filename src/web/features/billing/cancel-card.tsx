import { useState } from 'react'
import { SUBSCRIPTION_TEXTS as T } from '#shared/contracts/billing.contract.ts'
import type { CurrentSubscription } from '#shared/contracts/billing-subscription.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'
import { formatDate } from '#web/lib/format.ts'
import { useCancelSubscription } from './plan-change.queries.ts'

/** Spec §2: shown only off the Free plan. Access continues to the end of the paid period. */
export function CancelCard({
  subscription: s,
  canManage,
}: {
  subscription: CurrentSubscription
  canManage: boolean
}) {
  const [open, setOpen] = useState(false)
  const cancel = useCancelSubscription()
  const until = s.subscriptionEndsAt ? formatDate(s.subscriptionEndsAt) : null
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.cancelSubscription}</CardTitle>
        <CardDescription>
          {s.cancelAtPeriodEnd
            ? `Your subscription is cancelled. You have access to the ${s.plan.name} plan until ${until}; then your agency moves to the Free plan.`
            : `You keep the ${s.plan.name} plan until the end of the period you paid for${until ? ` (${until})` : ''}, then your agency moves to the Free plan.`}
        </CardDescription>
      </CardHeader>
      {!s.cancelAtPeriodEnd && (
        <CardContent>
          <Button variant="destructive" disabled={!canManage} onClick={() => setOpen(true)}>
            {T.cancelSubscription}
          </Button>
        </CardContent>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel the {s.plan.name} plan?</DialogTitle>
            <DialogDescription>
              Nothing more is charged. You keep access until {until ?? 'the end of the period'}.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep my plan</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}
            >
              {cancel.isPending ? 'Cancelling...' : T.cancelSubscription}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  )
}
