import { z } from 'zod'
import { PLAN_CODES } from '../domain/plans.ts'
import { ROLES } from '../domain/roles.ts'
import { defineCall } from './call.ts'

/** Texts of spec part 2 §5 and §8 (signup, login) and of the session-expiry toast (part 1 §8). */
export const AUTH_MESSAGES = {
  firstNameMin: 'First name must be at least 2 characters',
  lastNameMin: 'Last name must be at least 2 characters',
  nameMax: 'Use at most 100 characters',
  emailInvalid: 'Invalid email address',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 200 characters',
  passwordsDontMatch: "Passwords don't match",
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists. Log in instead.',
  tooManyAttempts: 'Too many failed sign-in attempts for this email. Try again in {minutes} minutes.',
  signupFailedTitle: 'Signup Failed',
  signupFailed: 'Failed to create account. Please try again.',
  loginFailedTitle: 'Login Failed',
  loginFailed: 'Invalid credentials. Please try again.',
  loginSuccessTitle: 'Welcome back!',
  loginSuccess: "You've been logged in successfully.",
  welcomeTitle: 'Welcome!',
  welcome: 'Your agency account is ready.',
  sessionExpiredTitle: 'Unauthorized',
  sessionExpired: 'You are logged out. Logging in again...',
  googleNotConfigured:
    'Google sign-in is not configured on this server. Use your email and password instead.',
  googleFailed: 'Google sign-in did not complete. Please try again.',
  demoUnavailable: 'The demo account is not available on this server.',
} as const

/** Messages shown on /login when a sign-in redirect comes back with ?error=<code>. */
export const LOGIN_ERROR_MESSAGES: Record<string, string> = {
  google_not_configured: AUTH_MESSAGES.googleNotConfigured,
  google_failed: AUTH_MESSAGES.googleFailed,
  demo_unavailable: AUTH_MESSAGES.demoUnavailable,
}

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

export const CurrentUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  title: z.string(),
  role: z.enum(ROLES),
  agencyId: z.string(),
  agencyName: z.string(),
  /** The spec's names for the agency: the tenant and the organisation are the agency. */
  tenantId: z.string(),
  organizationId: z.string(),
  subscriptionTier: z.enum(PLAN_CODES),
  subscriptionStatus: z.string(),
  monthlyApplicationLimit: z.number().int(),
  applicationsUsedThisMonth: z.number().int(),
})
export type CurrentUser = z.infer<typeof CurrentUserSchema>

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

export const currentUserCall = defineCall({
  method: 'GET',
  path: '/api/auth/user',
  response: CurrentUserSchema,
})

/** Page navigations, not fetch calls. */
export const AUTH_PAGES = {
  demoLogin: '/api/auth/demo-login',
  google: '/api/auth/google',
  socialGoogle: '/api/auth/social/google',
  googleCallback: '/api/auth/google/callback',
  logout: '/api/logout',
  login: '/api/login',
} as const
