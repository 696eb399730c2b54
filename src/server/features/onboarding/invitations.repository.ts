import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { onboardingInvitations } from './onboarding.table.ts'

export type InvitationRow = typeof onboardingInvitations.$inferSelect

export async function insertInvitation(
  executor: Executor,
  values: typeof onboardingInvitations.$inferInsert,
) {
  await executor.insert(onboardingInvitations).values(values)
}

/** Earlier links of an agent stop working when a new one is sent. */
export async function revokeOpenInvitations(executor: Executor, agencyId: string, agentId: string) {
  await executor
    .update(onboardingInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(onboardingInvitations.agencyId, agencyId),
        eq(onboardingInvitations.agentId, agentId),
        isNull(onboardingInvitations.usedAt),
        isNull(onboardingInvitations.revokedAt),
      ),
    )
}

/** By the SHA-256 of its token (the link is the credential, so no agency is known yet). */
export async function findInvitationByHash(
  executor: Executor,
  hash: string,
  options: { forUpdate?: boolean } = {},
): Promise<InvitationRow | undefined> {
  const query = executor.select().from(onboardingInvitations).where(eq(onboardingInvitations.id, hash))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

export async function markUsed(executor: Executor, hash: string) {
  await executor
    .update(onboardingInvitations)
    .set({ usedAt: new Date() })
    .where(eq(onboardingInvitations.id, hash))
}

/** Each of these agents' open link's expiry (at most one is open: a new one revokes the last). */
export async function findOpenInvitations(executor: Executor, agencyId: string, agentIds: string[]) {
  if (agentIds.length === 0) return new Map<string, Date>()
  const rows = await executor
    .select({ agentId: onboardingInvitations.agentId, expiresAt: onboardingInvitations.expiresAt })
    .from(onboardingInvitations)
    .where(
      and(
        eq(onboardingInvitations.agencyId, agencyId),
        inArray(onboardingInvitations.agentId, agentIds),
        isNull(onboardingInvitations.usedAt),
        isNull(onboardingInvitations.revokedAt),
      ),
    )
  return new Map(rows.map((row) => [row.agentId, row.expiresAt]))
}
