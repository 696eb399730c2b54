import { randomBytes } from 'node:crypto'
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm'
import type { Db, Executor } from '#server/db/connect.ts'
import { preparedPerExecutor } from '#server/db/prepared.ts'
import type { Actor, RequestMeta } from '#server/platform/context.ts'
import { sha256Hex } from '#server/platform/crypto.ts'
import type { Role } from '#shared/domain/roles.ts'
import { sessions, users } from './auth.table.ts'

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
  const expiresAt = new Date(Date.now() + policy.maxHours * 3_600_000)
  await executor.insert(sessions).values({
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
  await executor.delete(sessions).where(eq(sessions.id, sha256Hex(token)))
}

/** Ends every session of a user: on a password change, when the user is disabled, or on request. */
export async function endAllSessionsOfUser(
  executor: Executor,
  agencyId: string,
  userId: string,
): Promise<number> {
  const ended = await executor
    .delete(sessions)
    .where(and(eq(sessions.agencyId, agencyId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id })
  return ended.length
}

type SessionOwner = Pick<Actor, 'agencyId' | 'userId'>

/** Every session of the actor's user but the actor's own (a password change, "sign out everywhere else"). */
export async function endOtherSessionsOfUser(
  executor: Executor,
  actor: SessionOwner & Pick<Actor, 'sessionId'>,
): Promise<number> {
  const ended = await executor
    .delete(sessions)
    .where(
      and(
        eq(sessions.agencyId, actor.agencyId),
        eq(sessions.userId, actor.userId),
        ne(sessions.id, actor.sessionId),
      ),
    )
    .returning({ id: sessions.id })
  return ended.length
}

/** One session of the user by its stored id; false when it is not theirs (or does not exist). */
export async function endSessionOfUser(
  executor: Executor,
  owner: SessionOwner,
  id: string,
): Promise<boolean> {
  const ended = await executor
    .delete(sessions)
    .where(and(eq(sessions.agencyId, owner.agencyId), eq(sessions.userId, owner.userId), eq(sessions.id, id)))
    .returning({ id: sessions.id })
  return ended.length > 0
}

/** Whether the actor's session began (a sign-in) within the last `minutes`. */
export async function sessionStartedWithin(
  executor: Executor,
  actor: Pick<Actor, 'agencyId' | 'sessionId'>,
  minutes: number,
): Promise<boolean> {
  const rows = await executor
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.agencyId, actor.agencyId),
        eq(sessions.id, actor.sessionId),
        gt(sessions.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
  return rows.length > 0
}

/** The user's sessions neither past their lifetime nor idle too long, newest activity first. */
export async function listLiveSessionsOfUser(executor: Executor, policy: SessionPolicy, owner: SessionOwner) {
  return executor
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.agencyId, owner.agencyId),
        eq(sessions.userId, owner.userId),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${policy.idleMinutes})`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100)
}

/** Prepared once: every signed-in request runs it (see db/prepared.ts). */
const sessionByToken = preparedPerExecutor((executor) =>
  executor
    .select({
      userId: sessions.userId,
      agencyId: sessions.agencyId,
      role: users.role,
      disabledAt: users.disabledAt,
      expired: sql<boolean>`(${sessions.expiresAt} <= now() or ${sessions.lastSeenAt} <= now() - make_interval(mins => ${sql.placeholder('idleMinutes')}))`,
      stale: sql<boolean>`${sessions.lastSeenAt} <= now() - interval '1 minute'`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_by_token'),
)

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
  const [row] = await sessionByToken(db).execute({ id, idleMinutes: policy.idleMinutes })
  if (!row) return null
  if (row.expired || row.disabledAt) {
    await db.delete(sessions).where(eq(sessions.id, id))
    return null
  }
  if (row.stale && !options.passive) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id))
  }
  return { userId: row.userId, agencyId: row.agencyId, role: row.role as Role, sessionId: id }
}
