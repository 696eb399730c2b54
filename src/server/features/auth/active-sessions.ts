import { and, desc, eq, gt, ne, sql } from 'drizzle-orm'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { ActiveSession } from '#shared/contracts/security.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { sessions } from './auth.table.ts'
import type { SessionPolicy } from './sessions.ts'
import { summariseUserAgent } from './user-agent.ts'

/**
 * The caller's own live sessions, newest activity first. The id shown is the stored one, the
 * SHA-256 of the cookie's token: it names a session without being able to open it.
 */
export async function listActiveSessions(db: Db, policy: SessionPolicy, ctx: Ctx): Promise<ActiveSession[]> {
  const { actor } = ctx
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.agencyId, actor.agencyId),
        eq(sessions.userId, actor.userId),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${policy.idleMinutes})`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100)
  return rows.map((row) => ({
    id: row.id,
    ...summariseUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === actor.sessionId,
  }))
}

/** Ends one of the caller's sessions; anyone else's id (another user, another agency) is 404. */
export async function endSession(db: Db, ctx: Ctx, sessionId: string): Promise<{ ended: number }> {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.agencyId, actor.agencyId),
          eq(sessions.userId, actor.userId),
          eq(sessions.id, sessionId),
        ),
      )
      .returning({ id: sessions.id })
    if (ended.length === 0) throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
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
    const ended = await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.agencyId, actor.agencyId),
          eq(sessions.userId, actor.userId),
          ne(sessions.id, actor.sessionId),
        ),
      )
      .returning({ id: sessions.id })
    await recordAudit(tx, ctx, {
      agencyId: actor.agencyId,
      actorUserId: actor.userId,
      action: 'auth.other_sessions_ended',
      entityType: 'user',
      entityId: actor.userId,
      details: { ended: ended.length },
    })
    return { ended: ended.length }
  })
}
