import { lazy, Suspense, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { LoginInput } from '#shared/contracts/auth.contract.ts'
import {
  AUTH_MESSAGES,
  AUTH_PAGES,
  LOGIN_ERROR_MESSAGES,
  TWO_FACTOR_STEPS,
  type TwoFactorStep,
} from '#shared/contracts/auth-texts.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { cn } from '#web/lib/cn.ts'
import { lazyZodResolver, usePreloadWhenIdle } from '#web/lib/lazy-zod-resolver.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { GoogleButton, OrDivider } from './google-button.tsx'
import { useLoginMutation } from './sign-in.queries.ts'

const SecondStepPage = lazy(() =>
  import('./second-step-page.tsx').then((m) => ({ default: m.SecondStepPage })),
)

const loginResolver = lazyZodResolver<LoginInput>(() =>
  import('#shared/contracts/auth.contract.ts').then((m) => m.LoginSchema),
)

export function LoginPage() {
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const redirectError = readRedirectError(searchParams.get('error'))
  // A redirect sign-in (Google, demo) that owes a second step comes back with ?twoFactor=.
  const [step, setStep] = useState<TwoFactorStep | null>(() => readStep(searchParams.get('twoFactor')))
  const login = useLoginMutation()
  const form = useForm<LoginInput>({
    resolver: loginResolver.resolver,
    defaultValues: { email: '', password: '' },
  })
  const { errors } = form.formState
  usePreloadWhenIdle(loginResolver)

  function welcome() {
    showToast({
      title: AUTH_MESSAGES.loginSuccessTitle,
      description: AUTH_MESSAGES.loginSuccess,
      variant: 'success',
    })
    navigate('/', { replace: true })
  }

  function restart() {
    setStep(null)
    form.reset({ email: form.getValues('email'), password: '' })
    if (searchParams.has('twoFactor')) navigate('/login', { replace: true })
  }

  function submitLogin(input: LoginInput) {
    login.mutate(input, {
      onSuccess: (answer) => {
        if ('user' in answer) welcome()
        else setStep('twoFactorRequired' in answer ? 'verify' : 'enrol')
      },
      onError: (error) => {
        applyFieldErrors(error, ['email', 'password'], form.setError)
        const description = isApiError(error) && error.message ? error.message : AUTH_MESSAGES.loginFailed
        showToast({ title: AUTH_MESSAGES.loginFailedTitle, description, variant: 'destructive' })
      },
    })
  }

  if (step) {
    // The second step's code (and its contract) loads only when a sign-in owes one.
    return (
      <Suspense fallback={<PageSpinner />}>
        <SecondStepPage step={step} onSignedIn={welcome} onRestart={restart} />
      </Suspense>
    )
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
          <p className="text-center text-sm text-slate-600">
            Trouble signing in? See the{' '}
            <Link to="/faq" className="font-medium text-violet-700 underline underline-offset-4">
              FAQ
            </Link>{' '}
            or{' '}
            <Link to="/contact" className="font-medium text-violet-700 underline underline-offset-4">
              contact support
            </Link>
            .
          </p>
        </CardContent>
      </Card>
    </CenteredPage>
  )
}

function readStep(value: string | null): TwoFactorStep | null {
  return (TWO_FACTOR_STEPS as readonly string[]).includes(value ?? '') ? (value as TwoFactorStep) : null
}

/** Only the known codes: '?error=constructor' must not reach the object's prototype. */
function readRedirectError(code: string | null): string | undefined {
  return code && Object.hasOwn(LOGIN_ERROR_MESSAGES, code) ? LOGIN_ERROR_MESSAGES[code] : undefined
}
