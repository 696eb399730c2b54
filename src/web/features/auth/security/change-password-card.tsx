import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import {
  type ChangePasswordForm,
  ChangePasswordFormSchema,
  SECURITY_MESSAGES,
} from '#shared/contracts/auth-security.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useChangePasswordMutation } from './security.queries.ts'

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const

export function ChangePasswordCard() {
  const change = useChangePasswordMutation()
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })
  const { errors } = form.formState

  function submit({ currentPassword, newPassword }: ChangePasswordForm) {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset()
          showToast({
            title: SECURITY_MESSAGES.passwordChangedTitle,
            description: SECURITY_MESSAGES.passwordChanged,
            variant: 'success',
          })
        },
        onError: (error) => {
          if (applyFieldErrors(error, FIELDS, form.setError).length > 0) return
          const description = isApiError(error) ? error.message : 'Please try again.'
          showToast({ title: 'Password not changed', description, variant: 'destructive' })
        },
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Your other sessions are signed out when the password changes.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid max-w-md gap-4" onSubmit={form.handleSubmit(submit)}>
          <Field id="currentPassword" label="Current password" error={errors.currentPassword?.message}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                {...form.register('currentPassword')}
              />
            )}
          </Field>
          <Field
            id="newPassword"
            label="New password"
            error={errors.newPassword?.message}
            hint="At least 8 characters"
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                {...form.register('newPassword')}
              />
            )}
          </Field>
          <Field id="confirmPassword" label="Confirm new password" error={errors.confirmPassword?.message}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                {...form.register('confirmPassword')}
              />
            )}
          </Field>
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
