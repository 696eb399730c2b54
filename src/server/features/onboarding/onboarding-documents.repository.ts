import { and, desc, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { RECORDS_LISTED } from './licenses.repository.ts'
import { onboardingAgents } from './onboarding.table.ts'
import { onboardingDocuments } from './onboarding-records.table.ts'

export type OnboardingDocumentRow = typeof onboardingDocuments.$inferSelect

export async function insertDocument(executor: Executor, values: typeof onboardingDocuments.$inferInsert) {
  const [row] = await executor
    .insert(onboardingDocuments)
    .values(values)
    .returning({ id: onboardingDocuments.id })
  return row!.id
}

export async function updateDocument(
  executor: Executor,
  agencyId: string,
  id: string,
  changes: Partial<typeof onboardingDocuments.$inferInsert>,
) {
  await executor
    .update(onboardingDocuments)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(onboardingDocuments.agencyId, agencyId), eq(onboardingDocuments.id, id)))
}

export async function findDocument(executor: Executor, agencyId: string, id: string) {
  const [row] = await executor
    .select()
    .from(onboardingDocuments)
    .where(and(eq(onboardingDocuments.agencyId, agencyId), eq(onboardingDocuments.id, id)))
    .for('update')
  return row
}

/** Documents newest first, with the agent's ID, name and account. */
export function listDocuments(
  executor: Executor,
  agencyId: string,
  only: { agentId?: string | null; id?: string },
) {
  return executor
    .select({
      document: onboardingDocuments,
      agentCode: onboardingAgents.agentCode,
      firstName: onboardingAgents.firstName,
      lastName: onboardingAgents.lastName,
    })
    .from(onboardingDocuments)
    .innerJoin(onboardingAgents, eq(onboardingAgents.id, onboardingDocuments.agentId))
    .where(
      and(
        eq(onboardingDocuments.agencyId, agencyId),
        only.agentId ? eq(onboardingDocuments.agentId, only.agentId) : undefined,
        only.id ? eq(onboardingDocuments.id, only.id) : undefined,
      ),
    )
    .orderBy(desc(onboardingDocuments.createdAt), desc(onboardingDocuments.id))
    .limit(only.id ? 1 : RECORDS_LISTED)
}

export type DocumentWithAgent = Awaited<ReturnType<typeof listDocuments>>[number]
