import { and, asc, count, eq, gt, min } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { loginFailures, users } from './auth.table.ts'

export type UserRow = typeof users.$inferSelect

export async function findUserByEmail(executor: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await executor.select().from(users).where(eq(users.email, email))
  return user
}

export async function findUserByGoogleSub(executor: Executor, sub: string): Promise<UserRow | undefined> {
  const [user] = await executor.select().from(users).where(eq(users.googleSub, sub))
  return user
}

export async function findUserWithAgency(executor: Executor, agencyId: string, userId: string) {
  const [row] = await executor
    .select({ user: users, agency: agencies })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
  return row
}

export async function insertUser(executor: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [user] = await executor.insert(users).values(values).returning()
  return user!
}

export async function setGoogleSub(executor: Executor, userId: string, sub: string): Promise<void> {
  await executor.update(users).set({ googleSub: sub, updatedAt: new Date() }).where(eq(users.id, userId))
}

export async function setRoleByEmail(
  executor: Executor,
  email: string,
  role: string,
): Promise<UserRow | undefined> {
  const [user] = await executor
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.email, email))
    .returning()
  return user
}

/** The oldest demo user is the demo account. */
export async function findDemoUser(executor: Executor): Promise<UserRow | undefined> {
  const [row] = await executor
    .select({ user: users })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(and(eq(agencies.isDemo, true)))
    .orderBy(asc(users.createdAt))
    .limit(1)
  return row?.user
}

export async function countRecentFailures(executor: Executor, email: string, since: Date) {
  const [row] = await executor
    .select({ failures: count(), oldest: min(loginFailures.attemptedAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.attemptedAt, since)))
  return { failures: row?.failures ?? 0, oldest: row?.oldest ?? null }
}

export async function insertLoginFailure(executor: Executor, email: string, ipAddress: string | null) {
  await executor.insert(loginFailures).values({ email, ipAddress })
}
