import { Button } from '#web/components/button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { EnrolmentForm } from '../enrolment-form.tsx'
import { RecoveryCodesPanel } from '../recovery-codes-panel.tsx'
import { useConfirmEnrolmentMutation, useStartEnrolmentMutation } from './security.queries.ts'

/** Turning two-factor on from Settings: a new secret, a first code, then the recovery codes once. */
export function TwoFactorEnrol({ onClose }: { onClose: () => void }) {
  const start = useStartEnrolmentMutation()
  const confirm = useConfirmEnrolmentMutation()

  if (confirm.data) {
    return (
      <div className="grid gap-4">
        <RecoveryCodesPanel codes={confirm.data.recoveryCodes} />
        <Button className="justify-self-start" onClick={onClose}>
          Done
        </Button>
      </div>
    )
  }
  if (!start.data) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? 'Preparing...' : 'Set up two-factor'}
        </Button>
        {start.isPending && <Spinner label="Preparing" />}
      </div>
    )
  }
  const { enrolmentToken } = start.data
  return (
    <div className="grid max-w-md gap-3">
      <EnrolmentForm
        enrolment={start.data}
        confirm={(code) => confirm.mutateAsync({ enrolmentToken, code })}
        pending={confirm.isPending}
      />
      <Button variant="ghost" className="justify-self-start" onClick={() => start.reset()}>
        Cancel
      </Button>
    </div>
  )
}
