import { useForm } from 'react-hook-form'
import { type ProfileInput, SETTINGS_TEXTS as T } from '#shared/contracts/settings.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { useCurrentUser } from '#web/features/auth/auth.queries.ts'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useUpdateProfile } from './settings.queries.ts'

const FIELDS = ['firstName', 'lastName', 'email'] as const

/** Settings › Profile. Spec §5: no validation in the browser; the server's field messages show here. */
export function ProfileTab() {
  const user = useCurrentUser()
  const update = useUpdateProfile()
  const { register, handleSubmit, setError, formState } = useForm<ProfileInput>({
    defaultValues: { firstName: user.firstName, lastName: user.lastName, email: user.email },
  })
  const { errors } = formState
  const submit = handleSubmit((values) =>
    update.mutateAsync(values).then(
      () => showToast({ title: T.profileUpdated, variant: 'success' }),
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
