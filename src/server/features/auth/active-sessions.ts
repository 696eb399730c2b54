import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { ActiveSession } from '#shared/contracts/security.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import {
  endOtherSessionsOfUser,
  endSessionOfUser,
  listLiveSessionsOfUser,
  type SessionPolicy,
} from './sessions.ts'
import { summariseUserAgent } from './user-agent.ts'

/**
 * The caller's own live sessions, newest activity first. The id shown is the stored one, the
 * SHA-256 of the cookie's token: it names a session without being able to open it.
 */
export async function listActiveSessions(db: Db, policy: SessionPolicy, ctx: Ctx): Promise<ActiveSession[]> {
  const rows = await listLiveSessionsOfUser(db, policy, ctx.actor)
  return rows.map((row) => ({
    id: row.id,
    ...summariseUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === ctx.actor.sessionId,
  }))
}

/** Ends one of the caller's sessions; anyone else's id (another user, another agency) is 404. */
export async function endSession(db: Db, ctx: Ctx, sessionId: string): Promise<{ ended: number }> {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    if (!(await endSessionOfUser(tx, actor, sessionId))) {
      throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
    }
    await recordAudit(tx, ctx, {
      agencyId: actor.agencyId,
      actorUserId: actor.userId,
      action: 'auth.session_ended',
      entityType: 'session',
      entityId: sessionId.slice(0, 16),
      details: { current: sessionId === actor.sessionId },
    })
    return { ended: 1 }
  })
}

/** "Sign out everywhere else": every session of the caller but the one asking. */
export async function endOtherSessions(db: Db, ctx: Ctx): Promise<{ ended: number }> {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const ended = await endOtherSessionsOfUser(tx, actor)
    await recordAudit(tx, ctx, {
      agencyId: actor.agencyId,
      actorUserId: actor.userId,
      action: 'auth.other_sessions_ended',
      entityType: 'user',
      entityId: actor.userId,
      details: { ended },
    })
    return { ended }
  })
}
