import { and, count, desc, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { onboardingAgents, onboardingWorkflows } from './onboarding.table.ts'

export type WorkflowRow = typeof onboardingWorkflows.$inferSelect

export async function insertWorkflow(
  executor: Executor,
  values: typeof onboardingWorkflows.$inferInsert,
): Promise<WorkflowRow> {
  const [row] = await executor.insert(onboardingWorkflows).values(values).returning()
  return row!
}

/** The agency's workflows, newest first (an agency keeps a handful). */
export function listWorkflows(executor: Executor, agencyId: string) {
  return executor
    .select()
    .from(onboardingWorkflows)
    .where(eq(onboardingWorkflows.agencyId, agencyId))
    .orderBy(desc(onboardingWorkflows.createdAt), desc(onboardingWorkflows.id))
    .limit(200)
}

export async function findWorkflow(executor: Executor, agencyId: string, id: string) {
  const [row] = await executor
    .select()
    .from(onboardingWorkflows)
    .where(and(eq(onboardingWorkflows.agencyId, agencyId), eq(onboardingWorkflows.id, id)))
  return row
}

export async function findNewestActiveWorkflow(executor: Executor, agencyId: string) {
  const [row] = await executor
    .select()
    .from(onboardingWorkflows)
    .where(and(eq(onboardingWorkflows.agencyId, agencyId), eq(onboardingWorkflows.isActive, true)))
    .orderBy(desc(onboardingWorkflows.createdAt), desc(onboardingWorkflows.id))
    .limit(1)
  return row
}

/** How many agents follow each of the agency's workflows. */
export async function countAgentsByWorkflow(executor: Executor, agencyId: string) {
  const rows = await executor
    .select({ workflowId: onboardingAgents.workflowId, agents: count() })
    .from(onboardingAgents)
    .where(eq(onboardingAgents.agencyId, agencyId))
    .groupBy(onboardingAgents.workflowId)
  return new Map(rows.map((row) => [row.workflowId, row.agents]))
}
