import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import * as repository from './auth.repository.ts'
import { endAllSessionsOfUser } from './sessions.repository.ts'

/**
 * Disables a user of the agency and ends all their sessions in the same transaction, so no open
 * browser keeps working (the session check also refuses a disabled user, as a second wall).
 * There is no team screen yet: the onboarding work calls this when it adds one.
 */
export async function disableUser(
  db: Db,
  meta: RequestMeta,
  input: { agencyId: string; userId: string; actorUserId: string | null },
): Promise<{ sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const user = await repository.setDisabledAt(tx, input.agencyId, input.userId, new Date())
    if (!user) throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
    const sessionsEnded = await endAllSessionsOfUser(tx, input.agencyId, input.userId)
    await recordAuditAs(
      tx,
      meta,
      { agencyId: input.agencyId, actorUserId: input.actorUserId },
      { action: 'user.disabled', entity: { type: 'user', id: input.userId }, details: { sessionsEnded } },
    )
    return { sessionsEnded }
  })
}
