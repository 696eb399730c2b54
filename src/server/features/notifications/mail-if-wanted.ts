import { and, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { queueMail } from '#server/platform/mail.ts'
import { users } from '../auth/auth.table.ts'

/**
 * The mail a user may switch off in Settings › Notifications, by the preference that governs it.
 * Sign-in, password-reset and other mail the account cannot work without is not listed: it is
 * always sent.
 */
export type PreferenceMail = 'applicationUpdates' | 'marketingEmails' | 'securityAlerts' | 'weeklyReports'

const COLUMN = {
  applicationUpdates: users.notifyApplicationUpdates,
  marketingEmails: users.notifyMarketing,
  securityAlerts: users.notifySecurity,
  weeklyReports: users.notifyWeekly,
} as const

/**
 * Queues a message to a user of the agency, in the caller's transaction, when their preference
 * for that kind of mail is on (and the user exists and is not disabled). Answers whether it was queued.
 */
export async function mailUserIfWanted(
  executor: Executor,
  input: { agencyId: string; userId: string; kind: PreferenceMail; subject: string; text: string },
): Promise<boolean> {
  const [user] = await executor
    .select({ email: users.email, wants: COLUMN[input.kind], disabledAt: users.disabledAt })
    .from(users)
    .where(and(eq(users.agencyId, input.agencyId), eq(users.id, input.userId)))
  if (!user?.wants || user.disabledAt) return false
  await queueMail(executor, {
    agencyId: input.agencyId,
    to: user.email,
    subject: input.subject,
    text: input.text,
  })
  return true
}
