import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { Ctx, RequestMeta } from '#server/platform/context.ts'
import { AUTH_MESSAGES } from '#shared/contracts/auth.contract.ts'
import * as repository from './auth.repository.ts'

export const LOGIN_WINDOW_MINUTES = 15
export const LOGIN_MAX_FAILURES = 5

function windowStart(): Date {
  return new Date(Date.now() - LOGIN_WINDOW_MINUTES * 60_000)
}

/**
 * Refuses (429, audited) a sign-in step for an email that had five failures within the window:
 * wrong passwords and wrong second-step codes count alike, so a stolen password gives no more
 * guesses at the code than at the password.
 */
export async function assertNotLocked(executor: Executor, email: string, meta: RequestMeta): Promise<void> {
  const { failures, oldest } = await repository.countRecentFailures(executor, email, windowStart())
  if (failures < LOGIN_MAX_FAILURES) return
  const retryMs = (oldest ? oldest.getTime() : Date.now()) + LOGIN_WINDOW_MINUTES * 60_000 - Date.now()
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000))
  await recordAuditAs(
    executor,
    meta,
    { agencyId: null, actorUserId: null },
    { action: 'auth.login_throttled', details: { email } },
  )
  throw new AppError('TOO_MANY_REQUESTS', {
    message: AUTH_MESSAGES.tooManyAttempts.replace('{minutes}', String(minutes)),
    headers: { 'retry-after': String(Math.ceil(Math.max(retryMs, 1000) / 1000)) },
  })
}

export type FailureAction =
  | 'auth.login_failed'
  | 'auth.two_factor_failed'
  | 'auth.password_change_refused'
  | 'auth.two_factor_disable_refused'
  | 'auth.reauthentication_failed'

/**
 * Counts one failed step against the email and audits it; the failure that reaches the limit also
 * writes `auth.login_locked`. Answers whether the email is now locked.
 */
export async function recordSignInFailure(
  executor: Executor,
  meta: RequestMeta,
  input: {
    email: string
    user: { id: string; agencyId: string } | undefined
    action: FailureAction
    reason: string
    /** Where the guess was made, when not at sign-in (Settings › Security). */
    during?: string
  },
): Promise<boolean> {
  await repository.insertLoginFailure(executor, input.email, meta.ipAddress)
  const party = { agencyId: input.user?.agencyId ?? null, actorUserId: input.user?.id ?? null }
  await recordAuditAs(executor, meta, party, {
    action: input.action,
    details: { email: input.email, reason: input.reason, ...(input.during ? { during: input.during } : {}) },
  })
  const { failures } = await repository.countRecentFailures(executor, input.email, windowStart())
  const locked = failures >= LOGIN_MAX_FAILURES
  if (locked && failures === LOGIN_MAX_FAILURES) {
    await recordAuditAs(executor, meta, party, {
      action: 'auth.login_locked',
      details: { email: input.email, minutes: LOGIN_WINDOW_MINUTES },
    })
  }
  return locked
}

/**
 * A wrong password or code typed in Settings › Security counts like one at sign-in (a stolen session
 * gives no more guesses than the login page): the failure is recorded, then the call answers 429 if
 * it reached the lock, else `refusal`.
 */
export async function refuseSettingsGuess(
  db: Db,
  ctx: Ctx,
  user: { id: string; agencyId: string; email: string },
  failure: { action: FailureAction; reason: string; during: string },
  refusal: AppError,
): Promise<never> {
  await db.transaction((tx) => recordSignInFailure(tx, ctx, { email: user.email, user, ...failure }))
  await assertNotLocked(db, user.email, ctx)
  throw refusal
}
