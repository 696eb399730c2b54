import { and, asc, count, eq, gt, inArray, isNull, lt, min, or } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
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

export async function findUser(
  executor: Executor,
  agencyId: string,
  userId: string,
): Promise<UserRow | undefined> {
  const [user] = await executor
    .select()
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
  return user
}

/** The user's row, locked until the caller's transaction ends: two-factor changes take turns. */
export async function lockUser(
  executor: Executor,
  agencyId: string,
  userId: string,
): Promise<UserRow | undefined> {
  const [user] = await executor
    .select()
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
    .for('update')
  return user
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

/** The oldest user of these agencies. */
export async function findOldestUserOf(
  executor: Executor,
  agencyIds: string[],
): Promise<UserRow | undefined> {
  if (agencyIds.length === 0) return undefined
  const [user] = await executor
    .select()
    .from(users)
    .where(inArray(users.agencyId, agencyIds))
    .orderBy(asc(users.createdAt))
    .limit(1)
  return user
}

export async function countRecentFailures(executor: Executor, email: string, since: Date) {
  const [row] = await executor
    .select({ failures: count(), oldest: min(loginFailures.attemptedAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.attemptedAt, since)))
  return { failures: row?.failures ?? 0, oldest: row?.oldest ?? null }
}

/**
 * The failure's time is the server's clock, the one the lockout window is measured on: with the
 * database's own, a clock apart from it would shift the minutes the lock message names.
 */
export async function insertLoginFailure(executor: Executor, email: string, ipAddress: string | null) {
  await executor.insert(loginFailures).values({ email, ipAddress, attemptedAt: new Date() })
}

export async function setDisabledAt(
  executor: Executor,
  agencyId: string,
  userId: string,
  disabledAt: Date | null,
): Promise<UserRow | undefined> {
  const [user] = await executor
    .update(users)
    .set({ disabledAt, updatedAt: new Date() })
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
    .returning()
  return user
}

/** Records a TOTP step as used, only if it is later than the last one: false means a replay. */
export async function advanceTotpStep(
  executor: Executor,
  agencyId: string,
  userId: string,
  step: number,
): Promise<boolean> {
  const updated = await executor
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.agencyId, agencyId),
        eq(users.id, userId),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id })
  return updated.length > 0
}

export async function setTotp(
  executor: Executor,
  agencyId: string,
  userId: string,
  totp: { sealedSecret: string; lastStep: number } | null,
): Promise<void> {
  await executor
    .update(users)
    .set({
      totpSecret: totp?.sealedSecret ?? null,
      totpEnabledAt: totp ? new Date() : null,
      totpLastStep: totp?.lastStep ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
}

export async function setPasswordHash(
  executor: Executor,
  agencyId: string,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await executor
    .update(users)
    .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
}

/** An agency's users by name (one of them when `userId` is given), at most `limit`. */
export async function listAgencyUsers(
  executor: Executor,
  agencyId: string,
  options: { userId?: string; limit: number },
) {
  return executor
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), options.userId ? eq(users.id, options.userId) : undefined))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(options.limit)
}

/** The agency admins (not disabled) of these agencies: who hears about the agency's onboarding. */
export function findAgencyAdmins(executor: Executor, agencyIds: string[]) {
  if (agencyIds.length === 0) return Promise.resolve([])
  return executor
    .select({ id: users.id, agencyId: users.agencyId, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(inArray(users.agencyId, agencyIds), eq(users.role, 'agency_admin'), isNull(users.disabledAt)))
}

/**
 * The mail a user may switch off in Settings › Notifications, by the preference that governs it.
 * Sign-in, password-reset and other mail the account cannot work without is not listed: it is
 * always sent.
 */
export type PreferenceMail =
  | 'applicationUpdates'
  | 'marketingEmails'
  | 'securityAlerts'
  | 'weeklyReports'
  | 'renewalReminders'

const PREFERENCE_COLUMN = {
  applicationUpdates: users.notifyApplicationUpdates,
  marketingEmails: users.notifyMarketing,
  securityAlerts: users.notifySecurity,
  weeklyReports: users.notifyWeekly,
  renewalReminders: users.notifyRenewals,
} as const

/** A user's email, whether they want this kind of mail, and whether they are disabled. */
export async function findMailPreference(
  executor: Executor,
  agencyId: string,
  userId: string,
  kind: PreferenceMail,
) {
  const [user] = await executor
    .select({ email: users.email, wants: PREFERENCE_COLUMN[kind], disabledAt: users.disabledAt })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
  return user
}
