import type { UseFormReturn } from 'react-hook-form'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { GoogleButton, OrDivider } from './google-button.tsx'
import type { SignupFormOutput, SignupFormValues } from './signup-form.ts'

interface SignupDetailsStepProps {
  form: UseFormReturn<SignupFormValues, unknown, SignupFormOutput>
  onContinue: () => void
}

export function SignupDetailsStep({ form, onContinue }: SignupDetailsStepProps) {
  const { errors } = form.formState
  return (
    <div className="grid gap-5">
      <GoogleButton />
      <OrDivider />
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          onContinue()
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="firstName" label="First name" error={errors.firstName?.message}>
            {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
          </Field>
          <Field id="lastName" label="Last name" error={errors.lastName?.message}>
            {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
          </Field>
        </div>
        <Field id="email" label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field id="password" label="Password" hint="At least 8 characters" error={errors.password?.message}>
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />
          )}
        </Field>
        <Field id="confirmPassword" label="Confirm password" error={errors.confirmPassword?.message}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              {...form.register('confirmPassword')}
            />
          )}
        </Field>
        <Button type="submit" size="lg">
          Continue
        </Button>
      </form>
    </div>
  )
}
