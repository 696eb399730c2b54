import { and, desc, eq, gt, ne, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { preparedPerExecutor } from '#server/db/prepared.ts'
import type { Actor } from '#server/platform/context.ts'
import { sessions, users } from './auth.table.ts'

export async function insertSession(executor: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await executor.insert(sessions).values(values)
}

/** A session by its stored id (the SHA-256 of its token). */
export async function deleteSessionById(executor: Executor, id: string): Promise<void> {
  await executor.delete(sessions).where(eq(sessions.id, id))
}

/** Records activity on a session now. */
export async function touchSession(executor: Executor, id: string): Promise<void> {
  await executor.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id))
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
export async function listLiveSessionsOfUser(executor: Executor, idleMinutes: number, owner: SessionOwner) {
  return executor
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.agencyId, owner.agencyId),
        eq(sessions.userId, owner.userId),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`),
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

/** The session of a stored id with its user's role and state, and whether it is expired or stale. */
export async function findSessionById(executor: Executor, id: string, idleMinutes: number) {
  const [row] = await sessionByToken(executor).execute({ id, idleMinutes })
  return row
}
