import { useForm } from 'react-hook-form'
import { Button } from '#web/components/button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { EnrolmentForm } from '../enrolment-form.tsx'
import { RecoveryCodesPanel } from '../recovery-codes-panel.tsx'
import { CurrentPasswordField } from './current-password-field.tsx'
import { useConfirmEnrolmentMutation, useStartEnrolmentMutation } from './security.queries.ts'

/**
 * Turning two-factor on from Settings: the current password (an account without one proves a
 * recent sign-in on the server), a new secret, a first code, then the recovery codes once.
 */
export function TwoFactorEnrol({ onClose, hasPassword }: { onClose: () => void; hasPassword: boolean }) {
  const start = useStartEnrolmentMutation()
  const confirm = useConfirmEnrolmentMutation()
  const form = useForm<{ currentPassword: string }>({ defaultValues: { currentPassword: '' } })

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
    const begin = form.handleSubmit(({ currentPassword }) =>
      start.mutate(hasPassword ? { currentPassword } : {}, {
        onSuccess: () => form.reset(),
        onError: (error) => {
          if (applyFieldErrors(error, ['currentPassword'], form.setError).length > 0) return
          showToast({
            title: 'Two-factor not set up',
            description: isApiError(error) ? error.message : 'Please try again.',
            variant: 'destructive',
          })
        },
      }),
    )
    return (
      <form noValidate className="grid max-w-md gap-3" onSubmit={begin}>
        {hasPassword && (
          <CurrentPasswordField
            id="enrol-current-password"
            error={form.formState.errors.currentPassword?.message}
            registration={form.register('currentPassword')}
          />
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? 'Preparing...' : 'Set up two-factor'}
          </Button>
          {start.isPending && <Spinner label="Preparing" />}
        </div>
      </form>
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
