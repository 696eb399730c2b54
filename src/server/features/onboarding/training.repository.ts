import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { RECORDS_LISTED } from './licenses.repository.ts'
import { onboardingAgents } from './onboarding.table.ts'
import { trainingSessions } from './onboarding-records.table.ts'

export type TrainingRow = typeof trainingSessions.$inferSelect

export async function insertTraining(executor: Executor, values: typeof trainingSessions.$inferInsert) {
  const [row] = await executor.insert(trainingSessions).values(values).returning({ id: trainingSessions.id })
  return row!.id
}

export async function updateTraining(
  executor: Executor,
  agencyId: string,
  id: string,
  changes: Partial<typeof trainingSessions.$inferInsert>,
) {
  await executor
    .update(trainingSessions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(trainingSessions.agencyId, agencyId), eq(trainingSessions.id, id)))
}

export async function findTraining(executor: Executor, agencyId: string, id: string) {
  const [row] = await executor
    .select()
    .from(trainingSessions)
    .where(and(eq(trainingSessions.agencyId, agencyId), eq(trainingSessions.id, id)))
    .for('update')
  return row
}

/** Sessions by date (soonest first), with the agent's ID and name. */
export function listTraining(
  executor: Executor,
  agencyId: string,
  only: { agentId?: string | null; id?: string },
) {
  return executor
    .select({
      session: trainingSessions,
      agentCode: onboardingAgents.agentCode,
      firstName: onboardingAgents.firstName,
      lastName: onboardingAgents.lastName,
    })
    .from(trainingSessions)
    .innerJoin(onboardingAgents, eq(onboardingAgents.id, trainingSessions.agentId))
    .where(
      and(
        eq(trainingSessions.agencyId, agencyId),
        only.agentId ? eq(trainingSessions.agentId, only.agentId) : undefined,
        only.id ? eq(trainingSessions.id, only.id) : undefined,
      ),
    )
    .orderBy(asc(trainingSessions.scheduledDate), asc(trainingSessions.id))
    .limit(only.id ? 1 : RECORDS_LISTED)
}

export type TrainingWithAgent = Awaited<ReturnType<typeof listTraining>>[number]
