import { and, asc, desc, eq, lte, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { onboardingAgents } from './onboarding.table.ts'
import { agentLicenses } from './onboarding-records.table.ts'

/** The newest this many of a list (the Licenses, Training and Docs tabs); one agent's fit well within it. */
export const RECORDS_LISTED = 500

export type LicenseRow = typeof agentLicenses.$inferSelect

const withAgent = {
  license: agentLicenses,
  agentCode: onboardingAgents.agentCode,
  firstName: onboardingAgents.firstName,
  lastName: onboardingAgents.lastName,
}

export async function insertLicense(executor: Executor, values: typeof agentLicenses.$inferInsert) {
  const [row] = await executor.insert(agentLicenses).values(values).returning({ id: agentLicenses.id })
  return row!.id
}

export async function updateLicense(
  executor: Executor,
  agencyId: string,
  id: string,
  changes: Partial<typeof agentLicenses.$inferInsert>,
) {
  await executor
    .update(agentLicenses)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(agentLicenses.agencyId, agencyId), eq(agentLicenses.id, id)))
}

/** The agency's licenses (or one agent's, or one), newest first, with the agent's ID and name. */
export function listLicenses(
  executor: Executor,
  agencyId: string,
  only: { agentId?: string | null; id?: string },
) {
  return executor
    .select(withAgent)
    .from(agentLicenses)
    .innerJoin(onboardingAgents, eq(onboardingAgents.id, agentLicenses.agentId))
    .where(
      and(
        eq(agentLicenses.agencyId, agencyId),
        only.agentId ? eq(agentLicenses.agentId, only.agentId) : undefined,
        only.id ? eq(agentLicenses.id, only.id) : undefined,
      ),
    )
    .orderBy(desc(agentLicenses.createdAt), desc(agentLicenses.id))
    .limit(only.id ? 1 : RECORDS_LISTED)
}

export async function findLicense(executor: Executor, agencyId: string, id: string) {
  const [row] = await executor
    .select()
    .from(agentLicenses)
    .where(and(eq(agentLicenses.agencyId, agencyId), eq(agentLicenses.id, id)))
    .for('update')
  return row
}

/** Active licenses dated on or before `until` (YYYY-MM-DD), soonest first: the expiry alerts. */
export function listExpiringLicenses(
  executor: Executor,
  agencyId: string,
  agentId: string | null,
  until: string,
  limit: number,
) {
  return executor
    .select(withAgent)
    .from(agentLicenses)
    .innerJoin(onboardingAgents, eq(onboardingAgents.id, agentLicenses.agentId))
    .where(
      and(
        eq(agentLicenses.agencyId, agencyId),
        eq(agentLicenses.status, 'active'),
        lte(agentLicenses.expirationDate, sql`${until}::date`),
        agentId ? eq(agentLicenses.agentId, agentId) : undefined,
      ),
    )
    .orderBy(asc(agentLicenses.expirationDate), asc(agentLicenses.id))
    .limit(limit)
}

export type LicenseWithAgent = Awaited<ReturnType<typeof listLicenses>>[number]
