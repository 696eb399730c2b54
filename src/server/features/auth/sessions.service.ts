import { randomBytes } from 'node:crypto'
import { millisecondsInHour } from 'date-fns/constants'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Actor, Ctx, RequestMeta } from '#server/platform/context.ts'
import { sha256Hex } from '#server/platform/crypto.ts'
import type { ActiveSession } from '#shared/contracts/auth-security.contract.ts'
import type { Role } from '#shared/domain/roles.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import * as repository from './sessions.repository.ts'
import { summariseUserAgent } from './summarise-user-agent.ts'

export interface SessionPolicy {
  idleMinutes: number
  maxHours: number
}

/** The token lives only in the cookie; the database keeps its SHA-256. 256 random bits. */
export async function createSession(
  executor: Executor,
  policy: SessionPolicy,
  user: { id: string; agencyId: string },
  meta: RequestMeta,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + policy.maxHours * millisecondsInHour)
  await repository.insertSession(executor, {
    id: sha256Hex(token),
    userId: user.id,
    agencyId: user.agencyId,
    expiresAt,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  })
  return { token, expiresAt }
}

export async function deleteSession(executor: Executor, token: string): Promise<void> {
  await repository.deleteSessionById(executor, sha256Hex(token))
}

/**
 * The actor behind a cookie token, or null when the session is unknown, idle too long, past its
 * absolute lifetime, or its user is disabled. Activity is written at most once a minute, and not
 * at all for passive calls (the notification poll), so an open tab alone does not keep a session alive.
 */
export async function resolveSession(
  db: Db,
  policy: SessionPolicy,
  token: string,
  options: { passive: boolean },
): Promise<Actor | null> {
  const id = sha256Hex(token)
  const row = await repository.findSessionById(db, id, policy.idleMinutes)
  if (!row) return null
  if (row.expired || row.disabledAt) {
    await repository.deleteSessionById(db, id)
    return null
  }
  if (row.stale && !options.passive) await repository.touchSession(db, id)
  return { userId: row.userId, agencyId: row.agencyId, role: row.role as Role, sessionId: id }
}

/**
 * The caller's own live sessions, newest activity first. The id shown is the stored one, the
 * SHA-256 of the cookie's token: it names a session without being able to open it.
 */
export async function listActiveSessions(db: Db, policy: SessionPolicy, ctx: Ctx): Promise<ActiveSession[]> {
  const rows = await repository.listLiveSessionsOfUser(db, policy.idleMinutes, ctx.actor)
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
    if (!(await repository.endSessionOfUser(tx, actor, sessionId))) {
      throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
    }
    await recordAudit(tx, ctx, {
      action: 'auth.session_ended',
      entity: { type: 'session', id: sessionId.slice(0, 16) },
      details: { current: sessionId === actor.sessionId },
    })
    return { ended: 1 }
  })
}

/** "Sign out everywhere else": every session of the caller but the one asking. */
export async function endOtherSessions(db: Db, ctx: Ctx): Promise<{ ended: number }> {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const ended = await repository.endOtherSessionsOfUser(tx, actor)
    await recordAudit(tx, ctx, {
      action: 'auth.other_sessions_ended',
      entity: { type: 'user', id: actor.userId },
      details: { ended },
    })
    return { ended }
  })
}
