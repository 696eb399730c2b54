import { randomBytes } from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { sha256Hex } from '#server/platform/crypto.ts'
import type { TwoFactorStep } from '#shared/contracts/security.contract.ts'
import { signInChallenges } from './auth.table.ts'

export const CHALLENGE_MINUTES = 10

export type SignInMethod = 'password' | 'demo' | 'google'
export type ChallengeRow = typeof signInChallenges.$inferSelect

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
  await executor
    .delete(signInChallenges)
    .where(
      and(eq(signInChallenges.agencyId, input.user.agencyId), eq(signInChallenges.userId, input.user.id)),
    )
  await executor.insert(signInChallenges).values({
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
export async function lockChallenge(
  executor: Executor,
  token: string | undefined,
  kind: TwoFactorStep,
): Promise<ChallengeRow | null> {
  if (!token) return null
  const [row] = await executor
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.id, sha256Hex(token)),
        eq(signInChallenges.kind, kind),
        gt(signInChallenges.expiresAt, sql`now()`),
      ),
    )
    .for('update')
  return row ?? null
}

/** The challenge of a token whatever its kind, locked; null when unknown or expired. */
export async function findChallenge(
  executor: Executor,
  token: string | undefined,
): Promise<ChallengeRow | null> {
  if (!token) return null
  const [row] = await executor
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.id, sha256Hex(token)), gt(signInChallenges.expiresAt, sql`now()`)))
    .for('update')
  return row ?? null
}

export async function countChallengeFailure(executor: Executor, id: string): Promise<void> {
  await executor
    .update(signInChallenges)
    .set({ failures: sql`${signInChallenges.failures} + 1` })
    .where(eq(signInChallenges.id, id))
}

export async function deleteChallenge(executor: Executor, id: string): Promise<void> {
  await executor.delete(signInChallenges).where(eq(signInChallenges.id, id))
}

/** Pending sign-ins rest on the password they passed: a new password ends them. */
export async function deleteChallengesOfUser(executor: Executor, user: { id: string; agencyId: string }) {
  await executor
    .delete(signInChallenges)
    .where(and(eq(signInChallenges.agencyId, user.agencyId), eq(signInChallenges.userId, user.id)))
}
