import { randomBytes } from 'node:crypto'
import type { Executor } from '#server/db/connect.ts'
import { sha256Hex } from '#server/platform/crypto.ts'
import type { TwoFactorStep } from '#shared/contracts/auth-security.contract.ts'
import * as repository from './sign-in-challenges.repository.ts'

export const CHALLENGE_MINUTES = 10

export type SignInMethod = 'password' | 'demo' | 'google'

/**
 * A sign-in that passed its first step and owes the second. Only the SHA-256 of the token is
 * stored; the token lives in an httpOnly cookie for ten minutes. Any earlier challenge of the user
 * is dropped, so one browser's pending sign-in is the only one.
 */
export async function createChallenge(
  executor: Executor,
  input: {
    user: { id: string; agencyId: string }
    kind: TwoFactorStep
    method: SignInMethod
    pendingSecret?: string
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60_000)
  await repository.deleteChallengesOfUser(executor, input.user)
  await repository.insertChallenge(executor, {
    id: sha256Hex(token),
    agencyId: input.user.agencyId,
    userId: input.user.id,
    kind: input.kind,
    method: input.method,
    pendingSecret: input.pendingSecret ?? null,
    expiresAt,
  })
  return { token, expiresAt }
}

/** The live challenge of a token, locked for the caller's transaction; null when unknown or expired. */
export function lockChallenge(
  executor: Executor,
  token: string | undefined,
  kind: TwoFactorStep,
): Promise<repository.ChallengeRow | null> {
  return token ? repository.lockLiveChallenge(executor, sha256Hex(token), kind) : Promise.resolve(null)
}

/** The challenge of a token whatever its kind, locked; null when unknown or expired. */
export function findChallenge(
  executor: Executor,
  token: string | undefined,
): Promise<repository.ChallengeRow | null> {
  return token ? repository.lockLiveChallenge(executor, sha256Hex(token)) : Promise.resolve(null)
}
