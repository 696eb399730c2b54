import { Ban, FilePen, RotateCcw } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { Policy } from '#shared/contracts/policies.contract.ts'
import { Button } from '#web/components/button.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { useReinstatePolicy } from './policies.queries.ts'
import { POLICY_WORDS } from './policy-display.ts'

/** The dialogs (with the form library and the contract's schemas) load when first opened. */
const EndorseDialog = lazy(() => import('./endorse-dialog.tsx').then((m) => ({ default: m.EndorseDialog })))
const CancelPolicyDialog = lazy(() =>
  import('./cancel-policy-dialog.tsx').then((m) => ({ default: m.CancelPolicyDialog })),
)

type Opened = 'endorse' | 'cancel' | null

/** What can be done to the policy as it stands: endorse or cancel it in force, reinstate it cancelled. */
export function PolicyActions({ policy }: { policy: Policy }) {
  const [opened, setOpened] = useState<Opened>(null)
  const endorseMounted = useOpenedOnce(opened === 'endorse')
  const cancelMounted = useOpenedOnce(opened === 'cancel')
  const reinstate = useReinstatePolicy(policy.id)
  const inForce = policy.status === 'active'
  const dialog = (name: Exclude<Opened, null>) => ({
    policy,
    open: opened === name,
    onOpenChange: (open: boolean) => setOpened(open ? name : null),
  })
  return (
    <div className="flex flex-wrap gap-2">
      {inForce && (
        <>
          <Button variant="outline" onClick={() => setOpened('endorse')}>
            <FilePen aria-hidden="true" />
            Endorse
          </Button>
          <Button variant="destructive" onClick={() => setOpened('cancel')}>
            <Ban aria-hidden="true" />
            Cancel policy
          </Button>
        </>
      )}
      {policy.canReinstate && (
        <Button
          disabled={reinstate.isPending}
          onClick={() =>
            reinstate.mutate(undefined, {
              onSuccess: () => showToast({ title: POLICY_WORDS.reinstated, variant: 'success' }),
              onError: (error) =>
                showToast({
                  title: POLICY_WORDS.reinstateFailed,
                  description: isApiError(error) && error.status < 500 ? error.message : undefined,
                  variant: 'destructive',
                }),
            })
          }
        >
          <RotateCcw aria-hidden="true" />
          {reinstate.isPending ? 'Reinstating...' : 'Reinstate'}
        </Button>
      )}
      <Suspense fallback={null}>
        {endorseMounted && <EndorseDialog {...dialog('endorse')} />}
        {cancelMounted && <CancelPolicyDialog {...dialog('cancel')} />}
      </Suspense>
    </div>
  )
}
