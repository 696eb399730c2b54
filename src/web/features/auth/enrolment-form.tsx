import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { AUTH_MESSAGES } from '#shared/contracts/auth.contract.ts'
import {
  type Enrolment,
  type TotpCodeForm,
  TotpCodeFormSchema,
  TWO_FACTOR_MESSAGES,
} from '#shared/contracts/auth-security.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { CodeInput } from './code-input.tsx'

/**
 * Scan (or type) the secret, then prove it with a first code. The QR code is an image the server
 * drew, so no QR library reaches the browser. `confirm` rejects with the server's ApiError.
 */
export function EnrolmentForm({
  enrolment,
  confirm,
  pending,
}: {
  enrolment: Pick<Enrolment, 'secret' | 'qrDataUrl'>
  confirm: (code: string) => Promise<unknown>
  pending: boolean
}) {
  const form = useForm<TotpCodeForm>({
    resolver: zodResolver(TotpCodeFormSchema),
    defaultValues: { code: '' },
  })
  const { errors } = form.formState

  async function submit({ code }: TotpCodeForm) {
    try {
      await confirm(code)
    } catch (error) {
      if (applyFieldErrors(error, ['code'], form.setError).length > 0) return
      const description = isApiError(error) ? error.message : AUTH_MESSAGES.loginFailed
      showToast({ title: TWO_FACTOR_MESSAGES.enrolTitle, description, variant: 'destructive' })
    }
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Scan this QR code, or enter the key below by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        src={enrolment.qrDataUrl}
        alt="QR code to add this account to an authenticator app"
        width={176}
        height={176}
        className="mx-auto size-44 rounded-md border border-slate-200 bg-white"
      />
      <div className="grid gap-1">
        <p className="text-sm font-medium text-slate-900">Key for manual entry</p>
        <code
          data-testid="totp-secret"
          className="break-all rounded-md bg-slate-100 p-2 font-mono text-sm text-slate-900"
        >
          {enrolment.secret}
        </code>
      </div>
      <Field id="enrol-code" label="Code from the app" error={errors.code?.message}>
        {(control) => <CodeInput {...control} {...form.register('code')} />}
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? 'Confirming...' : 'Turn on two-factor'}
      </Button>
    </form>
  )
}
