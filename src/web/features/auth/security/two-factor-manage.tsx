import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import {
  type RegenerateCodesInput,
  RegenerateCodesSchema,
  SECURITY_MESSAGES,
  TotpCodeSchema,
} from '#shared/contracts/auth-security.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { CodeInput } from '../code-input.tsx'
import { RecoveryCodesPanel } from '../recovery-codes-panel.tsx'
import { CurrentPasswordField } from './current-password-field.tsx'
import { useDisableTwoFactorMutation, useRegenerateCodesMutation } from './security.queries.ts'

function toastFailure(title: string, error: unknown) {
  showToast({
    title,
    description: isApiError(error) ? error.message : 'Please try again.',
    variant: 'destructive',
  })
}

type HasPassword = { onClose: () => void; hasPassword: boolean }

/** Ten new recovery codes; the old ones stop working. Needs the current password and a current code. */
export function RegenerateCodes({ onClose, hasPassword }: HasPassword) {
  const regenerate = useRegenerateCodesMutation()
  const form = useForm<RegenerateCodesInput>({
    resolver: zodResolver(RegenerateCodesSchema),
    defaultValues: { code: '', currentPassword: '' },
  })
  const { errors } = form.formState
  if (regenerate.data) {
    return (
      <div className="grid gap-4">
        <RecoveryCodesPanel codes={regenerate.data.recoveryCodes} />
        <Button className="justify-self-start" onClick={onClose}>
          Done
        </Button>
      </div>
    )
  }
  function submit({ code, currentPassword }: RegenerateCodesInput) {
    if (hasPassword && !currentPassword) {
      form.setError('currentPassword', { message: SECURITY_MESSAGES.currentPasswordRequired })
      return
    }
    regenerate.mutate(hasPassword ? { code, currentPassword } : { code }, {
      onError: (error) => {
        if (applyFieldErrors(error, ['currentPassword', 'code'], form.setError).length === 0)
          toastFailure('Codes not renewed', error)
      },
    })
  }
  return (
    <form noValidate className="grid max-w-md gap-3" onSubmit={form.handleSubmit(submit)}>
      {hasPassword && (
        <CurrentPasswordField
          id="regenerate-current-password"
          error={errors.currentPassword?.message}
          registration={form.register('currentPassword')}
        />
      )}
      <Field
        id="regenerate-code"
        label="Code from your authenticator app"
        error={errors.code?.message}
        hint="Your current recovery codes stop working."
      >
        {(control) => <CodeInput {...control} {...form.register('code')} />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={regenerate.isPending}>
          Get new recovery codes
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

interface DisableForm {
  password: string
  code: string
}

/**
 * Turning two-factor off needs the current password; an account without one (Google sign-in only)
 * gives a current code, and the server also asks it to have signed in recently.
 */
export function DisableTwoFactor({ onClose, hasPassword }: HasPassword) {
  const disable = useDisableTwoFactorMutation()
  const form = useForm<DisableForm>({ defaultValues: { password: '', code: '' } })
  const { errors } = form.formState

  function submit({ password, code }: DisableForm) {
    if (hasPassword && !password) {
      form.setError('password', { message: SECURITY_MESSAGES.currentPasswordRequired })
      return
    }
    const typed = hasPassword ? null : TotpCodeSchema.safeParse(code)
    if (typed && !typed.success) {
      form.setError('code', { message: typed.error.issues[0]!.message }, { shouldFocus: true })
      return
    }
    disable.mutate(typed ? { code: typed.data } : { password }, {
      onSuccess: () => {
        showToast({ title: SECURITY_MESSAGES.twoFactorOffTitle, variant: 'success' })
        onClose()
      },
      onError: (error) => {
        if (applyFieldErrors(error, ['password', 'code'], form.setError).length === 0) {
          toastFailure('Two-factor not turned off', error)
        }
      },
    })
  }

  return (
    <form noValidate className="grid max-w-md gap-3" onSubmit={form.handleSubmit(submit)}>
      {hasPassword ? (
        <CurrentPasswordField
          id="disable-password"
          error={errors.password?.message}
          registration={form.register('password')}
        />
      ) : (
        <Field id="disable-code" label="Code from your authenticator app" error={errors.code?.message}>
          {(control) => <CodeInput {...control} {...form.register('code')} />}
        </Field>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          Turn off two-factor
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
