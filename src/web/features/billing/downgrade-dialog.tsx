import type { Plan } from '#shared/contracts/billing.contract.ts'
import { Button } from '#web/components/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'
import { formatCount, formatDate } from '#web/lib/format.ts'

/** A downgrade takes effect at the period's end: the agency confirms it knowing when. */
export function DowngradeDialog({
  plan,
  currentPlanName,
  effectiveAt,
  busy,
  onConfirm,
  onClose,
}: {
  plan: Plan | null
  currentPlanName: string
  effectiveAt: string | null
  busy: boolean
  onConfirm: (plan: Plan) => void
  onClose: () => void
}) {
  const when = effectiveAt ? formatDate(effectiveAt) : 'the end of the period'
  return (
    <Dialog open={plan !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {plan && (
          <>
            <DialogHeader>
              <DialogTitle>Move to the {plan.name} plan?</DialogTitle>
              <DialogDescription>
                You keep the {currentPlanName} plan until {when}. From then the limit is{' '}
                {formatCount(plan.monthlyApplicationLimit)} applications a month.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Keep my plan</Button>
              </DialogClose>
              <Button disabled={busy} onClick={() => onConfirm(plan)}>
                {busy ? 'Saving...' : `Move to ${plan.name}`}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
