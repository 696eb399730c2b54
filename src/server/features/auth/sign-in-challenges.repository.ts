import { and, eq, gt, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { TwoFactorStep } from '#shared/contracts/auth-security.contract.ts'
import { signInChallenges } from './auth.table.ts'

export type ChallengeRow = typeof signInChallenges.$inferSelect

export async function insertChallenge(
  executor: Executor,
  values: typeof signInChallenges.$inferInsert,
): Promise<void> {
  await executor.insert(signInChallenges).values(values)
}

/** The live challenge of a stored id (of one kind, when given), locked for the caller's transaction. */
export async function lockLiveChallenge(
  executor: Executor,
  id: string,
  kind?: TwoFactorStep,
): Promise<ChallengeRow | null> {
  const [row] = await executor
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.id, id),
        kind ? eq(signInChallenges.kind, kind) : undefined,
        gt(signInChallenges.expiresAt, sql`now()`),
      ),
    )
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
