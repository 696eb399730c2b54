import { z } from 'zod'
import { PLAN_CODES } from '../domain/plans.ts'
import { AUTH_MESSAGES } from './auth-texts.ts'
import { defineCall } from './call.ts'
import { CurrentUserSchema } from './current-user.contract.ts'

// The shell needs the texts and the current user, not the sign-in forms: they live apart so its
// first load does not carry these schemas. Re-exported here for everything else.
export * from './auth-texts.ts'
export * from './current-user.contract.ts'

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, AUTH_MESSAGES.emailInvalid)
  .email(AUTH_MESSAGES.emailInvalid)

export const SignupSchema = z.object({
  firstName: z.string().trim().min(2, AUTH_MESSAGES.firstNameMin).max(100, AUTH_MESSAGES.nameMax),
  lastName: z.string().trim().min(2, AUTH_MESSAGES.lastNameMin).max(100, AUTH_MESSAGES.nameMax),
  email,
  password: z.string().min(8, AUTH_MESSAGES.passwordMin).max(200, AUTH_MESSAGES.passwordMax),
  selectedPlan: z.enum(PLAN_CODES).default('free'),
})
export type SignupInput = z.infer<typeof SignupSchema>

/** The browser form adds the confirmation, which is never sent. */
export const SignupFormSchema = SignupSchema.extend({ confirmPassword: z.string() }).refine(
  (form) => form.password === form.confirmPassword,
  { message: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] },
)
export type SignupForm = z.input<typeof SignupFormSchema>

export const LoginSchema = z.object({
  email,
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(200, AUTH_MESSAGES.passwordMax),
})
export type LoginInput = z.infer<typeof LoginSchema>

export const signupCall = defineCall({
  method: 'POST',
  path: '/api/auth/signup',
  body: SignupSchema,
  status: 201,
  response: z.object({ user: CurrentUserSchema }),
})

/**
 * The password was right. A user with two-factor owes a code next; a user whose agency requires
 * two-factor and who has none owes enrolment. Neither answer carries a session.
 */
export const LoginAnswerSchema = z.union([
  z.object({ user: CurrentUserSchema }),
  z.object({ twoFactorRequired: z.literal(true) }),
  z.object({ twoFactorEnrolmentRequired: z.literal(true) }),
])
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>

export const loginCall = defineCall({
  method: 'POST',
  path: '/api/auth/login',
  body: LoginSchema,
  response: LoginAnswerSchema,
})
