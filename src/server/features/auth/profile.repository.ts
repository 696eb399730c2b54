import { and, eq, ne, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { NotificationPreferences } from '#shared/contracts/settings.contract.ts'
import { users } from './auth.table.ts'

// The profile and notification preferences live on the users row (migration 0011): settings'
// screens change them through auth/profile.service.ts, as notifications/mail-if-wanted.ts reads them.

const PREFERENCE_COLUMNS = {
  applicationUpdates: users.notifyApplicationUpdates,
  marketingEmails: users.notifyMarketing,
  securityAlerts: users.notifySecurity,
  weeklyReports: users.notifyWeekly,
  renewalReminders: users.notifyRenewals,
}

const PREFERENCE_FIELDS = {
  applicationUpdates: 'notifyApplicationUpdates',
  marketingEmails: 'notifyMarketing',
  securityAlerts: 'notifySecurity',
  weeklyReports: 'notifyWeekly',
  renewalReminders: 'notifyRenewals',
} as const

/** The user's profile; `forUpdate` locks the row for a change. */
export async function findProfile(executor: Executor, agencyId: string, userId: string, forUpdate = false) {
  const query = executor
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

/** Whether another user (of any agency: sign-in is by email) has this address, whatever its case. */
export async function emailTakenByOther(executor: Executor, email: string, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1)
  return row !== undefined
}

export async function updateProfile(
  executor: Executor,
  agencyId: string,
  userId: string,
  values: { firstName: string; lastName: string; email: string },
) {
  const [row] = await executor
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
    .returning({ firstName: users.firstName, lastName: users.lastName, email: users.email })
  return row
}

export async function findPreferences(
  executor: Executor,
  agencyId: string,
  userId: string,
): Promise<NotificationPreferences | undefined> {
  const [row] = await executor
    .select(PREFERENCE_COLUMNS)
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
  return row
}

export async function updatePreferences(
  executor: Executor,
  agencyId: string,
  userId: string,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences | undefined> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() }
  for (const [kind, value] of Object.entries(changes)) {
    if (value !== undefined) set[PREFERENCE_FIELDS[kind as keyof NotificationPreferences]] = value
  }
  const [row] = await executor
    .update(users)
    .set(set)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)))
    .returning(PREFERENCE_COLUMNS)
  return row
}
