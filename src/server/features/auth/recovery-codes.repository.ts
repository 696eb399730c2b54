import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { recoveryCodes } from './auth.table.ts'

type CodeOwner = { id: string; agencyId: string }

export async function insertRecoveryCodes(executor: Executor, user: CodeOwner, codeHashes: string[]) {
  await executor
    .insert(recoveryCodes)
    .values(codeHashes.map((codeHash) => ({ agencyId: user.agencyId, userId: user.id, codeHash })))
}

export async function deleteRecoveryCodes(executor: Executor, user: CodeOwner) {
  await executor
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.agencyId, user.agencyId), eq(recoveryCodes.userId, user.id)))
}

/** Marks an unused code with one of these digests used, in one statement: false when none was. */
export async function markRecoveryCodeUsed(
  executor: Executor,
  user: CodeOwner,
  codeHashes: string[],
): Promise<boolean> {
  const spent = await executor
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.agencyId, user.agencyId),
        eq(recoveryCodes.userId, user.id),
        inArray(recoveryCodes.codeHash, codeHashes),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
  return spent.length > 0
}

export async function countUnusedRecoveryCodes(executor: Executor, user: CodeOwner): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.agencyId, user.agencyId),
        eq(recoveryCodes.userId, user.id),
        isNull(recoveryCodes.usedAt),
      ),
    )
  return row?.n ?? 0
}
