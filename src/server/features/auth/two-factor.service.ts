import type { Executor } from '#server/db/connect.ts'
import { type AppError, invalidField } from '#server/platform/app-error.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { TWO_FACTOR_MESSAGES } from '#shared/contracts/security.contract.ts'
import * as repository from './auth.repository.ts'
import { spendRecoveryCode } from './recovery-codes.service.ts'
import { matchTotpStep } from './totp.ts'

export type CodeCheck = 'ok' | 'wrong_code' | 'replayed_code'

/** The 400 for an authenticator code that was refused: a replay says to wait for the next code. */
export function codeRefusal(check: Exclude<CodeCheck, 'ok'>): AppError {
  return invalidField(
    'code',
    check === 'replayed_code' ? TWO_FACTOR_MESSAGES.codeUsed : TWO_FACTOR_MESSAGES.codeWrong,
  )
}

/**
 * Checks a user's authenticator code and, when right, records its step as used in the same
 * statement that checks it is later than the last one, so a code (or an older one) never works twice.
 */
export async function acceptTotpCode(
  executor: Executor,
  cipher: FieldCipher,
  user: repository.UserRow,
  code: string,
): Promise<CodeCheck> {
  if (!user.totpSecret || !user.totpEnabledAt) return 'wrong_code'
  const step = matchTotpStep(cipher.decrypt(user.totpSecret), code)
  if (step === null) return 'wrong_code'
  const advanced = await repository.advanceTotpStep(executor, user.agencyId, user.id, step)
  return advanced ? 'ok' : 'replayed_code'
}

/** A code from the authenticator or one unused recovery code, whichever the input carries. */
export async function acceptSecondFactor(
  executor: Executor,
  cipher: FieldCipher,
  user: repository.UserRow,
  input: { code?: string; recoveryCode?: string },
): Promise<CodeCheck> {
  if (input.code) return acceptTotpCode(executor, cipher, user, input.code)
  if (input.recoveryCode && user.totpEnabledAt) {
    return (await spendRecoveryCode(executor, cipher, user, input.recoveryCode)) ? 'ok' : 'wrong_code'
  }
  return 'wrong_code'
}
