import { and, asc, eq, ilike, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import {
  onboardingAgents,
  onboardingStepCompletions,
  onboardingVersions,
  onboardingWorkflows,
} from './onboarding.table.ts'

export type AgentRow = typeof onboardingAgents.$inferSelect
export type NewAgentRow = typeof onboardingAgents.$inferInsert

/**
 * Every write to an agency's agents or their records goes through insertAgent, linkUser or
 * touchAgent, which bump the agency's counter in the same transaction (see agency-facts.service.ts).
 */
export async function bumpVersion(executor: Executor, agencyId: string) {
  await executor
    .insert(onboardingVersions)
    .values({ agencyId, version: 1 })
    .onConflictDoUpdate({
      target: onboardingVersions.agencyId,
      set: { version: sql`${onboardingVersions.version} + 1` },
    })
}

export async function readVersion(executor: Executor, agencyId: string): Promise<number> {
  const [row] = await executor
    .select({ version: onboardingVersions.version })
    .from(onboardingVersions)
    .where(eq(onboardingVersions.agencyId, agencyId))
  return row?.version ?? 0
}

export async function insertAgent(executor: Executor, values: NewAgentRow): Promise<AgentRow> {
  const [row] = await executor.insert(onboardingAgents).values(values).returning()
  await bumpVersion(executor, values.agencyId)
  return row!
}

export async function findAgent(
  executor: Executor,
  agencyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AgentRow | undefined> {
  const query = executor
    .select()
    .from(onboardingAgents)
    .where(and(eq(onboardingAgents.agencyId, agencyId), eq(onboardingAgents.id, id)))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

/** By the agent ID the agency gave them, whatever its case (the unique index is on lower()). */
export async function findAgentByCode(executor: Executor, agencyId: string, code: string) {
  const [row] = await executor
    .select()
    .from(onboardingAgents)
    .where(
      and(
        eq(onboardingAgents.agencyId, agencyId),
        sql`lower(${onboardingAgents.agentCode}) = lower(${code})`,
      ),
    )
  return row
}

export async function findAgentByEmail(executor: Executor, agencyId: string, email: string) {
  const [row] = await executor
    .select()
    .from(onboardingAgents)
    .where(
      and(eq(onboardingAgents.agencyId, agencyId), sql`lower(${onboardingAgents.email}) = lower(${email})`),
    )
  return row
}

/** The agent record of a signed-in user, if they joined through onboarding. */
export async function findAgentOfUser(executor: Executor, agencyId: string, userId: string) {
  const [row] = await executor
    .select()
    .from(onboardingAgents)
    .where(and(eq(onboardingAgents.agencyId, agencyId), eq(onboardingAgents.userId, userId)))
  return row
}

/** Agents with their workflow's name: all, one, or those matching `q` (agent ID or name). */
export function listAgentsWithWorkflow(
  executor: Executor,
  agencyId: string,
  only: { id?: string; q?: string; limit: number },
) {
  const like = only.q ? `%${only.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  return executor
    .select({ agent: onboardingAgents, workflowName: onboardingWorkflows.name })
    .from(onboardingAgents)
    .innerJoin(onboardingWorkflows, eq(onboardingWorkflows.id, onboardingAgents.workflowId))
    .where(
      and(
        eq(onboardingAgents.agencyId, agencyId),
        only.id ? eq(onboardingAgents.id, only.id) : undefined,
        like
          ? or(
              ilike(onboardingAgents.agentCode, like),
              ilike(onboardingAgents.firstName, like),
              ilike(onboardingAgents.lastName, like),
            )
          : undefined,
      ),
    )
    .orderBy(asc(onboardingAgents.agentCode))
    .limit(only.limit)
}

export async function linkUser(executor: Executor, agencyId: string, id: string, userId: string) {
  await executor
    .update(onboardingAgents)
    .set({ userId, joinedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(onboardingAgents.agencyId, agencyId), eq(onboardingAgents.id, id)))
  await bumpVersion(executor, agencyId)
}

/** Marks the agent as active now: their last activity. */
export async function touchAgent(executor: Executor, agencyId: string, id: string) {
  await executor
    .update(onboardingAgents)
    .set({ updatedAt: new Date() })
    .where(and(eq(onboardingAgents.agencyId, agencyId), eq(onboardingAgents.id, id)))
  await bumpVersion(executor, agencyId)
}

export async function insertStepCompletion(
  executor: Executor,
  values: typeof onboardingStepCompletions.$inferInsert,
): Promise<boolean> {
  const inserted = await executor
    .insert(onboardingStepCompletions)
    .values(values)
    .onConflictDoNothing()
    .returning({ stepId: onboardingStepCompletions.stepId })
  return inserted.length > 0
}

/** Steps ticked by hand: for one agent, or every agent of the agency. */
export function findStepCompletions(executor: Executor, agencyId: string, agentId?: string) {
  return executor
    .select({ agentId: onboardingStepCompletions.agentId, stepId: onboardingStepCompletions.stepId })
    .from(onboardingStepCompletions)
    .where(
      and(
        eq(onboardingStepCompletions.agencyId, agencyId),
        agentId ? eq(onboardingStepCompletions.agentId, agentId) : undefined,
      ),
    )
}
