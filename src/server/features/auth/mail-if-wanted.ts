import type { Executor } from '#server/db/connect.ts'
import { queueMail } from '#server/platform/mail.ts'
import { findMailPreference, type PreferenceMail } from './auth.repository.ts'

// The mail preferences are the user's own settings, kept on the user: so this lives in auth, and
// notifications (the in-app inbox) depends on no other feature.
export type { PreferenceMail } from './auth.repository.ts'

/**
 * Queues a message to a user of the agency, in the caller's transaction, when their preference
 * for that kind of mail is on (and the user exists and is not disabled). Answers whether it was queued.
 */
export async function mailUserIfWanted(
  executor: Executor,
  input: { agencyId: string; userId: string; kind: PreferenceMail; subject: string; text: string },
): Promise<boolean> {
  const user = await findMailPreference(executor, input.agencyId, input.userId, input.kind)
  if (!user?.wants || user.disabledAt) return false
  await queueMail(executor, {
    agencyId: input.agencyId,
    to: user.email,
    subject: input.subject,
    text: input.text,
  })
  return true
}
