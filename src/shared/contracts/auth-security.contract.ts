import { z } from 'zod'
import { AUTH_MESSAGES, CurrentUserSchema } from './auth.contract.ts'
import { defineCall } from './call.ts'

/**
 * Texts of the sign-in's second step. They live here, not in the auth contract, so they load with
 * the login page instead of with the shell.
 */
export const TWO_FACTOR_MESSAGES = {
  twoFactorTitle: 'Two-factor sign-in',
  twoFactorPrompt: 'Enter the 6-digit code from your authenticator app.',
  recoveryPrompt: 'Enter one of your recovery codes. Each code works once.',
  enrolTitle: 'Set up two-factor sign-in',
  enrolPrompt:
    'Your agency requires two-factor sign-in. Scan the QR code with an authenticator app, then enter the 6-digit code it shows.',
  codeFormat: 'Enter the 6-digit code',
  codeWrong: 'That code is not valid. Check your authenticator app and try again.',
  codeUsed: 'That code has already been used. Wait for the next code in your authenticator app.',
  recoveryCodeRequired: 'Enter a recovery code',
  recoveryCodeWrong: 'That recovery code is not valid or has already been used.',
  challengeExpired: 'Your sign-in has expired. Sign in again.',
} as const

export { TWO_FACTOR_STEPS, type TwoFactorStep } from './auth-texts.ts'

export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat)

/** A form (or body) holding one authenticator code: the one check the browser and the server share. */
export const TotpCodeFormSchema = z.object({ code: TotpCodeSchema })
export type TotpCodeForm = z.infer<typeof TotpCodeFormSchema>

/** The second step: a code from the authenticator, or one recovery code. */
export const SecondStepSchema = z
  .object({
    code: TotpCodeSchema.optional(),
    recoveryCode: z.string().trim().min(1, TWO_FACTOR_MESSAGES.recoveryCodeRequired).max(40).optional(),
  })
  .refine((input) => (input.code === undefined) !== (input.recoveryCode === undefined), {
    message: TWO_FACTOR_MESSAGES.codeFormat,
    path: ['code'],
  })
export type SecondStepInput = z.infer<typeof SecondStepSchema>

export const secondStepCall = defineCall({
  method: 'POST',
  path: '/api/auth/login/two-factor',
  body: SecondStepSchema,
  response: z.object({ user: CurrentUserSchema }),
})

/** "Start over": ends the pending sign-in (its row and cookie). Public; answers the same without one. */
export const cancelSecondStepCall = defineCall({
  method: 'DELETE',
  path: '/api/auth/login/two-factor',
  response: z.object({ cancelled: z.boolean() }),
})

export const EnrolmentSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The QR code of the URI as an SVG data URL, drawn on the server so the browser loads no QR library. */
  qrDataUrl: z.string(),
})
export type Enrolment = z.infer<typeof EnrolmentSchema>

export const signInEnrolmentCall = defineCall({
  method: 'GET',
  path: '/api/auth/login/two-factor/enrolment',
  response: EnrolmentSchema,
})

export const RecoveryCodesSchema = z.array(z.string())

export const signInEnrolCall = defineCall({
  method: 'POST',
  path: '/api/auth/login/two-factor/enrolment',
  body: TotpCodeFormSchema,
  response: z.object({ user: CurrentUserSchema, recoveryCodes: RecoveryCodesSchema }),
})

/** Texts of Settings › Security (beyond the spec, so ours). */
export const SECURITY_MESSAGES = {
  currentPasswordWrong: 'Your current password is not correct',
  currentPasswordRequired: 'Enter your current password',
  passwordChangedTitle: 'Password changed',
  passwordChanged: 'Your password was changed. Your other sessions have been signed out.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  enrolmentExpired: 'This setup has expired. Start again.',
  agencyRequiresTwoFactor: 'Your agency requires two-factor sign-in, so it cannot be turned off.',
  /** Ours: the account has no password (Google sign-in only), so a recent sign-in stands in for it. */
  signInAgainFirst: 'For your security, sign out and sign in again, then make this change within 10 minutes.',
  confirmWithPassword: 'Enter your current password to confirm it is you.',
  twoFactorOffTitle: 'Two-factor sign-in is off',
  recoveryCodesNote:
    'Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator. They are shown only now.',
  sessionNotFound: 'Not found',
  sessionEndedTitle: 'Session ended',
  otherSessionsEndedTitle: 'Other sessions ended',
  requireSwitchLabel: 'Require two-factor sign-in for everyone in the agency',
  demoAccountLocked: "The demo account's sign-in settings cannot be changed.",
  requireSwitchHint:
    'Everyone without two-factor is asked to set it up at their next sign-in. Sessions already open go on until they end.',
} as const

const newPassword = z.string().min(8, AUTH_MESSAGES.passwordMin).max(200, AUTH_MESSAGES.passwordMax)

/**
 * The current password that changes able to take over an account need besides the session
 * (decision 012). Optional in the schema: an account without a password (Google only) proves
 * itself by a recent sign-in instead, and the server says which is missing.
 */
export const CurrentPasswordProofSchema = z.string().max(200, AUTH_MESSAGES.passwordMax).optional()

export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string()
    .min(1, SECURITY_MESSAGES.currentPasswordRequired)
    .max(200, AUTH_MESSAGES.passwordMax),
  newPassword,
})
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>

/** The browser form adds the confirmation, which is never sent. */
export const ChangePasswordFormSchema = ChangePasswordSchema.extend({ confirmPassword: z.string() }).refine(
  (form) => form.newPassword === form.confirmPassword,
  { message: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] },
)
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>

export const SecurityStatusSchema = z.object({
  twoFactorEnabled: z.boolean(),
  twoFactorEnabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  agencyRequiresTwoFactor: z.boolean(),
  hasPassword: z.boolean(),
  /** The public demo account: its password and two-factor cannot be changed (anyone could lock it). */
  demoAccount: z.boolean(),
})
export type SecurityStatus = z.infer<typeof SecurityStatusSchema>

export const SessionSchema = z.object({
  /** The stored id: the SHA-256 of the cookie's token, so it reveals nothing usable. */
  id: z.string(),
  device: z.string(),
  browser: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
})
export type ActiveSession = z.infer<typeof SessionSchema>

const BASE = '/api/settings/security'

export const securityStatusCall = defineCall({
  method: 'GET',
  path: BASE,
  response: SecurityStatusSchema,
})

export const changePasswordCall = defineCall({
  method: 'POST',
  path: `${BASE}/password`,
  body: ChangePasswordSchema,
  response: z.object({ sessionsEnded: z.number().int() }),
})

/**
 * A new secret, sealed into `enrolmentToken` (bound to the user, 10 minutes) until a code confirms
 * it. Needs the current password: the token is then the proof for the confirming call.
 */
export const startEnrolmentCall = defineCall({
  method: 'POST',
  path: `${BASE}/two-factor/enrolment`,
  body: z.object({ currentPassword: CurrentPasswordProofSchema }).strict(),
  response: EnrolmentSchema.extend({ enrolmentToken: z.string() }),
})

export const confirmEnrolmentCall = defineCall({
  method: 'POST',
  path: `${BASE}/two-factor`,
  body: z.object({ enrolmentToken: z.string().min(1).max(2000), code: TotpCodeSchema }),
  response: z.object({ recoveryCodes: RecoveryCodesSchema }),
})

export const RegenerateCodesSchema = TotpCodeFormSchema.extend({
  currentPassword: CurrentPasswordProofSchema,
})
export type RegenerateCodesInput = z.infer<typeof RegenerateCodesSchema>

export const regenerateRecoveryCodesCall = defineCall({
  method: 'POST',
  path: `${BASE}/two-factor/recovery-codes`,
  body: RegenerateCodesSchema,
  response: z.object({ recoveryCodes: RecoveryCodesSchema }),
})

/** The current password; an account without one (Google only) gives a current code instead. */
export const DisableTwoFactorSchema = z.object({
  password: CurrentPasswordProofSchema,
  code: TotpCodeSchema.optional(),
})
export type DisableTwoFactorInput = z.infer<typeof DisableTwoFactorSchema>

export const disableTwoFactorCall = defineCall({
  method: 'POST',
  path: `${BASE}/two-factor/disable`,
  body: DisableTwoFactorSchema,
  response: SecurityStatusSchema,
})

export const agencyTwoFactorCall = defineCall({
  method: 'PUT',
  path: `${BASE}/agency-two-factor`,
  body: z.object({ required: z.boolean() }),
  response: z.object({ required: z.boolean() }),
})

export const listSessionsCall = defineCall({
  method: 'GET',
  path: `${BASE}/sessions`,
  response: z.object({ sessions: z.array(SessionSchema) }),
})

export const endSessionCall = defineCall({
  method: 'DELETE',
  path: `${BASE}/sessions/:id`,
  // Any id up to 128 characters: one that names no session of the caller is simply not found (404).
  params: z.object({ id: z.string().min(1).max(128) }),
  response: z.object({ ended: z.number().int() }),
})

export const endOtherSessionsCall = defineCall({
  method: 'POST',
  path: `${BASE}/sessions/end-others`,
  body: z.object({}).strict(),
  response: z.object({ ended: z.number().int() }),
})
