import type { Executor } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import * as repository from './auth.repository.ts'
import { issueRecoveryCodes } from './recovery-codes.service.ts'
import { deleteChallengesOfUser } from './sign-in-challenges.repository.ts'

/**
 * Turns two-factor on, from Settings or from an enrolment at sign-in, in the caller's transaction.
 * The user's row is locked first and two-factor already on is never overwritten: the answer is
 * null and the caller refuses (409 in Settings, the expired-challenge 401 at sign-in). On success
 * the secret and its first step are stored, ten recovery codes issued, and any sign-in still
 * waiting (an enrolment with another secret among them) ends.
 */
export async function enableTwoFactor(
  tx: Executor,
  cipher: FieldCipher,
  user: { id: string; agencyId: string },
  sealedSecret: string,
  step: number,
  meta: RequestMeta,
  details: Record<string, unknown>,
): Promise<{ recoveryCodes: string[]; user: repository.UserRow } | null> {
  const locked = await repository.lockUser(tx, user.agencyId, user.id)
  if (!locked || locked.totpEnabledAt) return null
  await repository.setTotp(tx, locked.agencyId, locked.id, { sealedSecret, lastStep: step })
  const recoveryCodes = await issueRecoveryCodes(tx, cipher, locked)
  await deleteChallengesOfUser(tx, locked)
  await recordAuditAs(
    tx,
    meta,
    { agencyId: locked.agencyId, actorUserId: locked.id },
    { action: 'auth.two_factor_enabled', entity: { type: 'user', id: locked.id }, details },
  )
  return { recoveryCodes, user: locked }
}
