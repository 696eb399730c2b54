import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import {
  AUTH_MESSAGES,
  AUTH_PAGES,
  LOGIN_ERROR_MESSAGES,
  type LoginInput,
  LoginSchema,
} from '#shared/contracts/auth.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { cn } from '#web/lib/cn.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useLoginMutation } from './auth.queries.ts'
import { GoogleButton, OrDivider } from './google-button.tsx'

export function LoginPage() {
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const redirectError = readRedirectError(searchParams.get('error'))
  const login = useLoginMutation()
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  })
  const { errors } = form.formState

  function submitLogin(input: LoginInput) {
    login.mutate(input, {
      onSuccess: () => {
        showToast({
          title: AUTH_MESSAGES.loginSuccessTitle,
          description: AUTH_MESSAGES.loginSuccess,
          variant: 'success',
        })
        navigate('/', { replace: true })
      },
      onError: (error) => {
        applyFieldErrors(error, ['email', 'password'], form.setError)
        const description = isApiError(error) && error.message ? error.message : AUTH_MESSAGES.loginFailed
        showToast({ title: AUTH_MESSAGES.loginFailedTitle, description, variant: 'destructive' })
      },
    })
  }

  return (
    <CenteredPage>
      <title>Sign in</title>
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Sign in
          </CardTitle>
          <CardDescription>Welcome back. Sign in to your agency account.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {redirectError && <Alert tone="error">{redirectError}</Alert>}
          <GoogleButton />
          <OrDivider />
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submitLogin)}>
            <Field id="email" label="Email" error={errors.email?.message}>
              {(control) => (
                <Input {...control} type="email" autoComplete="email" {...form.register('email')} />
              )}
            </Field>
            <Field id="password" label="Password" error={errors.password?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="current-password"
                  {...form.register('password')}
                />
              )}
            </Field>
            <Button type="submit" size="lg" disabled={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
          <a href={AUTH_PAGES.demoLogin} className={cn(buttonClasses('secondary', 'lg'), 'w-full')}>
            Try Demo Account
          </a>
          <p className="text-center text-sm text-slate-600">
            Don't have an account?{' '}
            <Link to="/signup" className="font-medium text-violet-700 underline underline-offset-4">
              Sign up
            </Link>
          </p>
        </CardContent>
      </Card>
    </CenteredPage>
  )
}

/** Only the known codes: '?error=constructor' must not reach the object's prototype. */
function readRedirectError(code: string | null): string | undefined {
  return code && Object.hasOwn(LOGIN_ERROR_MESSAGES, code) ? LOGIN_ERROR_MESSAGES[code] : undefined
}
