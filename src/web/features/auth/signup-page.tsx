import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { AUTH_MESSAGES, SignupFormSchema } from '#shared/contracts/auth.contract.ts'
import type { PlanCode } from '#shared/domain/plans.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useSignupMutation } from './sign-in.queries.ts'
import { SignupDetailsStep } from './signup-details-step.tsx'
import {
  SIGNUP_DEFAULTS,
  SIGNUP_DETAIL_FIELDS,
  SIGNUP_STEPS,
  type SignupFormOutput,
  type SignupFormValues,
  type SignupStep,
} from './signup-form.ts'
import { SignupPaymentStep } from './signup-payment-step.tsx'
import { SignupPlanStep } from './signup-plan-step.tsx'

export function SignupPage() {
  const navigate = useNavigate()
  const [step, setStep] = useState<SignupStep>('details')
  const [paidPlan, setPaidPlan] = useState<PlanCode | null>(null)
  const signup = useSignupMutation()
  const form = useForm<SignupFormValues, unknown, SignupFormOutput>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: SIGNUP_DEFAULTS,
  })

  async function continueToPlan() {
    if (await form.trigger(SIGNUP_DETAIL_FIELDS, { shouldFocus: true })) setStep('plan')
  }

  function createAccount({ confirmPassword: _neverSent, ...input }: SignupFormOutput) {
    signup.mutate(input, {
      onSuccess: () => {
        if (input.selectedPlan === 'free') {
          showToast({
            title: AUTH_MESSAGES.welcomeTitle,
            description: AUTH_MESSAGES.welcome,
            variant: 'success',
          })
          navigate('/', { replace: true })
          return
        }
        setPaidPlan(input.selectedPlan)
        setStep('payment')
      },
      onError: (error) => showSignupError(error),
    })
  }

  function showSignupError(error: unknown) {
    const applied = applyFieldErrors(error, [...SIGNUP_DETAIL_FIELDS, 'selectedPlan'], form.setError)
    if (isApiError(error) && error.message === AUTH_MESSAGES.emailTaken && !applied.includes('email')) {
      form.setError('email', { type: 'server', message: error.message })
      applied.push('email')
    }
    // The fields with messages sit on the first step: show them there.
    if (applied.some((name) => name !== 'selectedPlan')) setStep('details')
    const description = isApiError(error) && error.message ? error.message : AUTH_MESSAGES.signupFailed
    showToast({ title: AUTH_MESSAGES.signupFailedTitle, description, variant: 'destructive' })
  }

  const current = SIGNUP_STEPS[step]
  return (
    <CenteredPage className="max-w-lg">
      <title>Create your account</title>
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Create your account
          </CardTitle>
          <CardDescription>
            Step {current.number} of 3: {current.title}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <h2 className="sr-only">{current.title}</h2>
          {step === 'details' && <SignupDetailsStep form={form} onContinue={continueToPlan} />}
          {step === 'plan' && (
            <SignupPlanStep
              form={form}
              creating={signup.isPending}
              onBack={() => setStep('details')}
              onCreate={form.handleSubmit(createAccount, () => setStep('details'))}
            />
          )}
          {step === 'payment' && paidPlan && <SignupPaymentStep planCode={paidPlan} />}
          {step !== 'payment' && (
            <p className="text-center text-sm text-slate-600">
              Already have an account?{' '}
              <Link to="/login" className="font-medium text-violet-700 underline underline-offset-4">
                Log in
              </Link>
            </p>
          )}
        </CardContent>
      </Card>
    </CenteredPage>
  )
}
