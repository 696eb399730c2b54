import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { type ProfileInput, SETTINGS_TEXTS as T } from '#shared/contracts/settings.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { securityStatusQuery } from '#web/features/auth/security/security.queries.ts'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useUpdateProfile } from './settings.queries.ts'

const FIELDS = ['firstName', 'lastName', 'email', 'currentPassword'] as const

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * Settings › Profile. Spec §5: no validation in the browser; the server's field messages show here.
 * The spec's form has no password field: ours appears only once the email (the sign-in email) is
 * changed, since that change needs the current password (decision 012); names never do.
 */
export function ProfileTab() {
  const user = useCurrentUser()
  const update = useUpdateProfile()
  const { register, handleSubmit, setError, formState, watch, resetField } = useForm<ProfileInput>({
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      currentPassword: '',
    },
  })
  const { errors } = formState
  const emailChanged = !sameEmail(watch('email'), user.email)
  // Only asked when needed: an account without a password (Google) proves a recent sign-in instead.
  const security = useQuery({ ...securityStatusQuery, enabled: emailChanged })
  const askPassword = emailChanged && security.data?.hasPassword !== false
  const submit = handleSubmit(({ currentPassword, ...values }) =>
    update.mutateAsync(emailChanged && currentPassword ? { ...values, currentPassword } : values).then(
      () => {
        resetField('currentPassword')
        showToast({ title: T.profileUpdated, variant: 'success' })
      },
      (error: unknown) => {
        applyFieldErrors(error, FIELDS, setError)
        showToast({
          title: T.profileFailed,
          description: isApiError(error) ? error.message : undefined,
          variant: 'destructive',
        })
      },
    ),
  )
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name and the email you sign in with</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:max-w-xl">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="profile-first-name" label="First name" error={errors.firstName?.message}>
              {(control) => <Input {...control} autoComplete="given-name" {...register('firstName')} />}
            </Field>
            <Field id="profile-last-name" label="Last name" error={errors.lastName?.message}>
              {(control) => <Input {...control} autoComplete="family-name" {...register('lastName')} />}
            </Field>
          </div>
          <Field id="profile-email" label="Email" error={errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
          </Field>
          {askPassword && (
            <Field
              id="profile-current-password"
              label={T.currentPasswordLabel}
              hint={T.emailChangeNeedsPassword}
              error={errors.currentPassword?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="current-password"
                  {...register('currentPassword')}
                />
              )}
            </Field>
          )}
          <div>
            <Button type="submit" disabled={update.isPending}>
              {T.updateProfile}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
