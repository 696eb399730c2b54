import { desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'
import {
  type ActivityFigures,
  ownerCarrierSubmissions,
  ownerRollupRuns,
  ownerUserApplications,
} from './owner-rollups.table.ts'

const RUN_ID = 'owner'
const BATCH = 5_000

// The owner dashboard's rollups, and the platform's users with their agency beside them.

export async function findRollupRun(executor: Executor) {
  const [row] = await executor.select().from(ownerRollupRuns).where(eq(ownerRollupRuns.id, RUN_ID))
  return row
}

export interface Rollups {
  perUser: { agencyId: string; userId: string; applications: number }[]
  carriers: { carrierId: string; name: string; submissions: number; delivered: number; failed: number }[]
  applications: number
  carrierSubmissions: number
  activity: ActivityFigures
  countedAt: Date
}

/** Replaces every rollup at once (call inside a transaction). */
export async function replaceRollups(executor: Executor, rollups: Rollups): Promise<void> {
  await executor.delete(ownerUserApplications).where(sql`true`)
  for (let at = 0; at < rollups.perUser.length; at += BATCH) {
    await executor.insert(ownerUserApplications).values(rollups.perUser.slice(at, at + BATCH))
  }
  await executor.delete(ownerCarrierSubmissions).where(sql`true`)
  if (rollups.carriers.length > 0) await executor.insert(ownerCarrierSubmissions).values(rollups.carriers)
  const run = {
    applications: rollups.applications,
    carrierSubmissions: rollups.carrierSubmissions,
    activity: rollups.activity,
    countedAt: rollups.countedAt,
  }
  await executor
    .insert(ownerRollupRuns)
    .values({ id: RUN_ID, ...run })
    .onConflictDoUpdate({ target: ownerRollupRuns.id, set: run })
}

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  createdAt: users.createdAt,
  agencyId: users.agencyId,
  agencyName: agencies.name,
  planCode: agencies.planCode,
  subscriptionStatus: agencies.subscriptionStatus,
}

/** The newest users across the platform. */
export function listRecentUsers(executor: Executor, limit: number) {
  return executor
    .select(userColumns)
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
}

/** The users who created the most applications (rollup). */
export function listTopCreators(executor: Executor, limit: number) {
  return executor
    .select({ ...userColumns, applications: ownerUserApplications.applications })
    .from(ownerUserApplications)
    .innerJoin(users, eq(users.id, ownerUserApplications.userId))
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .orderBy(desc(ownerUserApplications.applications), desc(ownerUserApplications.userId))
    .limit(limit)
}

/** These users with their agency and applications (rollup; 0 when they created none). */
export function findUsersWithApplications(executor: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([])
  return executor
    .select({ ...userColumns, applications: sql<number>`coalesce(${ownerUserApplications.applications}, 0)` })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(
      ownerUserApplications,
      sql`${ownerUserApplications.agencyId} = ${users.agencyId} and ${ownerUserApplications.userId} = ${users.id}`,
    )
    .where(inArray(users.id, [...userIds]))
}

/** Carriers by submissions (rollup). */
export function listPopularCarriers(executor: Executor, limit: number) {
  return executor
    .select()
    .from(ownerCarrierSubmissions)
    .orderBy(desc(ownerCarrierSubmissions.submissions), ownerCarrierSubmissions.name)
    .limit(limit)
}
