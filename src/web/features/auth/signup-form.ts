import type { z } from 'zod'
import type { SignupFormSchema } from '#shared/contracts/auth.contract.ts'

export type SignupFormValues = z.input<typeof SignupFormSchema>
export type SignupFormOutput = z.output<typeof SignupFormSchema>

export const SIGNUP_DETAIL_FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const

export type SignupStep = 'details' | 'plan' | 'payment'

export const SIGNUP_STEPS: Record<SignupStep, { number: number; title: string }> = {
  details: { number: 1, title: 'Your details' },
  plan: { number: 2, title: 'Choose your plan' },
  payment: { number: 3, title: 'Payment' },
}

export const SIGNUP_DEFAULTS: SignupFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  selectedPlan: 'free',
}
