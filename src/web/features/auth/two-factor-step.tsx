import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { AUTH_MESSAGES } from '#shared/contracts/auth.contract.ts'
import { TotpCodeSchema, TWO_FACTOR_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { CodeInput } from './code-input.tsx'
import { useCancelSecondStepMutation, useSecondStepMutation } from './two-factor.queries.ts'

interface StepForm {
  code: string
  recoveryCode: string
}

/**
 * The sign-in's second step: a 6-digit code from the authenticator app, or (a link away) one of
 * the recovery codes. A 401 means the pending sign-in expired: back to the password.
 */
export function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false)
  const secondStep = useSecondStepMutation()
  const cancel = useCancelSecondStepMutation()
  const form = useForm<StepForm>({ defaultValues: { code: '', recoveryCode: '' } })
  const { errors } = form.formState

  function submit(values: StepForm) {
    const code = TotpCodeSchema.safeParse(values.code)
    const recoveryCode = values.recoveryCode.trim()
    if (!useRecovery && !code.success) {
      form.setError('code', { message: code.error.issues[0]!.message }, { shouldFocus: true })
      return
    }
    if (useRecovery && !recoveryCode) {
      form.setError(
        'recoveryCode',
        { message: TWO_FACTOR_MESSAGES.recoveryCodeRequired },
        { shouldFocus: true },
      )
      return
    }
    secondStep.mutate(useRecovery ? { recoveryCode } : { code: code.data! }, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (isApiError(error, 401)) {
          showToast({
            title: AUTH_MESSAGES.loginFailedTitle,
            description: error.message,
            variant: 'destructive',
          })
          onRestart()
          return
        }
        if (applyFieldErrors(error, ['code', 'recoveryCode'], form.setError).length > 0) return
        const description = isApiError(error) ? error.message : AUTH_MESSAGES.loginFailed
        showToast({ title: AUTH_MESSAGES.loginFailedTitle, description, variant: 'destructive' })
      },
    })
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
      <p className="text-sm text-slate-700">
        {useRecovery ? TWO_FACTOR_MESSAGES.recoveryPrompt : TWO_FACTOR_MESSAGES.twoFactorPrompt}
      </p>
      {useRecovery ? (
        <Field id="recoveryCode" label="Recovery code" error={errors.recoveryCode?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              autoFocus
              spellCheck={false}
              {...form.register('recoveryCode')}
            />
          )}
        </Field>
      ) : (
        <Field id="code" label="Authentication code" error={errors.code?.message}>
          {(control) => <CodeInput {...control} autoFocus {...form.register('code')} />}
        </Field>
      )}
      <Button type="submit" size="lg" disabled={secondStep.isPending}>
        {secondStep.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            form.clearErrors()
            setUseRecovery(!useRecovery)
          }}
        >
          {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </Button>
        <Button
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            cancel.mutate()
            onRestart()
          }}
        >
          Start over
        </Button>
      </div>
    </form>
  )
}
