import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import {
  SECURITY_MESSAGES,
  type TotpCodeForm,
  TotpCodeFormSchema,
  TotpCodeSchema,
} from '#shared/contracts/security.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { CodeInput } from '../code-input.tsx'
import { RecoveryCodesPanel } from '../recovery-codes-panel.tsx'
import { useDisableTwoFactorMutation, useRegenerateCodesMutation } from './security.queries.ts'

function toastFailure(title: string, error: unknown) {
  showToast({
    title,
    description: isApiError(error) ? error.message : 'Please try again.',
    variant: 'destructive',
  })
}

/** Ten new recovery codes; the old ones stop working. Needs a current code from the app. */
export function RegenerateCodes({ onClose }: { onClose: () => void }) {
  const regenerate = useRegenerateCodesMutation()
  const form = useForm<TotpCodeForm>({
    resolver: zodResolver(TotpCodeFormSchema),
    defaultValues: { code: '' },
  })
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
  function submit({ code }: TotpCodeForm) {
    regenerate.mutate(code, {
      onError: (error) => {
        if (applyFieldErrors(error, ['code'], form.setError).length === 0)
          toastFailure('Codes not renewed', error)
      },
    })
  }
  return (
    <form noValidate className="grid max-w-md gap-3" onSubmit={form.handleSubmit(submit)}>
      <Field
        id="regenerate-code"
        label="Code from your authenticator app"
        error={form.formState.errors.code?.message}
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

/** Turning two-factor off needs the current password or a current code. */
export function DisableTwoFactor({ onClose, hasPassword }: { onClose: () => void; hasPassword: boolean }) {
  const disable = useDisableTwoFactorMutation()
  const form = useForm<DisableForm>({ defaultValues: { password: '', code: '' } })
  const { errors } = form.formState

  function submit({ password, code }: DisableForm) {
    if (!password && !code.trim()) {
      form.setError(hasPassword ? 'password' : 'code', { message: SECURITY_MESSAGES.disableNeedsProof })
      return
    }
    const typed = code.trim() ? TotpCodeSchema.safeParse(code) : null
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
      {hasPassword && (
        <Field id="disable-password" label="Current password" error={errors.password?.message}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              {...form.register('password')}
            />
          )}
        </Field>
      )}
      <Field
        id="disable-code"
        label={hasPassword ? 'Or a code from your authenticator app' : 'Code from your authenticator app'}
        error={errors.code?.message}
      >
        {(control) => <CodeInput {...control} {...form.register('code')} />}
      </Field>
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
