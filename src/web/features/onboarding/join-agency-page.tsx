import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { z } from 'zod'
import {
  AcceptInvitationSchema,
  acceptInvitationCall,
  previewInvitationCall,
} from '#shared/contracts/onboarding-agents.contract.ts'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import { callApi, isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'

const PasswordFormSchema = AcceptInvitationSchema.pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: T.passwordsDontMatch,
    path: ['confirmPassword'],
  })
type PasswordForm = z.infer<typeof PasswordFormSchema>

/**
 * /join-agency#<token>: the invitation's link. The token is read from after '#', which browsers
 * never send to a server, and goes only in the bodies of the two calls.
 */
export function JoinAgencyPage() {
  const id = useId()
  const navigate = useNavigate()
  const [token] = useState(() => window.location.hash.slice(1))
  const preview = useQuery({
    queryKey: ['onboarding', 'invitation', token],
    queryFn: () => callApi(previewInvitationCall, { body: { token } }),
    enabled: token.length > 0,
    retry: false,
    meta: { unauthorizedIsExpected: true },
  })
  const accept = useMutation({
    mutationFn: (password: string) => callApi(acceptInvitationCall, { body: { token, password } }),
    meta: { unauthorizedIsExpected: true },
  })
  const form = useForm<PasswordForm>({
    resolver: zodResolver(PasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const submit = form.handleSubmit(({ password }) =>
    accept.mutate(password, {
      onSuccess: ({ agencyName }) => {
        showToast({
          title: 'Welcome!',
          description: T.joined.replace('{agency}', agencyName),
          variant: 'success',
        })
        navigate('/login', { replace: true })
      },
    }),
  )
  const failure = preview.error ?? accept.error
  const message = !token
    ? T.invitationInvalid
    : failure
      ? isApiError(failure)
        ? failure.message
        : T.invitationInvalid
      : null
  if (token && preview.isPending) return <PageSpinner />
  return (
    <CenteredPage>
      <title>Join your agency</title>
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {preview.data ? `Join ${preview.data.agencyName}` : 'Join your agency'}
          </CardTitle>
          {preview.data && (
            <CardDescription>{`${preview.data.firstName} ${preview.data.lastName}, set a password to join as an agent.`}</CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {message && <Alert tone="error">{message}</Alert>}
          {preview.data && !accept.isSuccess && (
            <form noValidate className="grid gap-4" onSubmit={submit}>
              <Field id={`${id}-email`} label="Email">
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    value={preview.data.email}
                    readOnly
                    autoComplete="username"
                  />
                )}
              </Field>
              <Field id={`${id}-password`} label="Password" error={errors.password?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="password"
                    autoComplete="new-password"
                    {...form.register('password')}
                  />
                )}
              </Field>
              <Field id={`${id}-confirm`} label="Confirm password" error={errors.confirmPassword?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="password"
                    autoComplete="new-password"
                    {...form.register('confirmPassword')}
                  />
                )}
              </Field>
              <Button type="submit" size="lg" disabled={accept.isPending}>
                {accept.isPending ? 'Joining...' : 'Set password and join'}
              </Button>
            </form>
          )}
          <p className="text-center text-sm text-slate-600">
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-violet-700 underline underline-offset-4">
              Sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </CenteredPage>
  )
}
