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

/** Page navigations, not fetch calls. */
export const AUTH_PAGES = {
  demoLogin: '/api/auth/demo-login',
  google: '/api/auth/google',
  socialGoogle: '/api/auth/social/google',
  googleCallback: '/api/auth/google/callback',
  logout: '/api/logout',
  login: '/api/login',
} as const

/** The login page's `?twoFactor=` after a redirect sign-in (Google, demo) that owes a second step. */
export const TWO_FACTOR_STEPS = ['verify', 'enrol'] as const
export type TwoFactorStep = (typeof TWO_FACTOR_STEPS)[number]
