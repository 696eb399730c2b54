import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { rowsOf } from '#server/platform/audit-chain.ts'

// The retention period is the agency's compliance setting; its column lives on agencies (0011).

export async function readRetentionYears(db: Executor, agencyId: string): Promise<number> {
  const [row] = rowsOf<{ retention_years: number }>(
    await db.execute(sql`SELECT retention_years FROM agencies WHERE id = ${agencyId}::uuid`),
  )
  return row ? Number(row.retention_years) : 7
}

/** Sets the period; answers the one it replaced. Locks the agency row against a concurrent change. */
export async function writeRetentionYears(db: Executor, agencyId: string, years: number): Promise<number> {
  const [before] = rowsOf<{ retention_years: number }>(
    await db.execute(sql`SELECT retention_years FROM agencies WHERE id = ${agencyId}::uuid FOR UPDATE`),
  )
  await db.execute(
    sql`UPDATE agencies SET retention_years = ${years}, updated_at = now() WHERE id = ${agencyId}::uuid`,
  )
  return Number(before?.retention_years ?? 7)
}

/** A page of agency ids in id order, after `after` (null: from the first). */
export async function listAgencyIds(db: Executor, after: string | null, limit: number): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM agencies
      WHERE ${after === null ? sql`true` : sql`id > ${after}::uuid`} ORDER BY id LIMIT ${limit}`),
  )
  return rows.map((row) => row.id)
}

/** The agency's period, or null when the agency is gone. */
export async function findRetentionYears(db: Executor, agencyId: string): Promise<number | null> {
  const [row] = rowsOf<{ retention_years: number }>(
    await db.execute(sql`SELECT retention_years FROM agencies WHERE id = ${agencyId}::uuid`),
  )
  return row ? Number(row.retention_years) : null
}

// RETURNING counts the same way on PGlite and pg.
const countOf = (result: unknown) => rowsOf(result).length

/**
 * Personal data outside the audit log with no reason to outlive the period: the agency's mail
 * older than it, and sign-in sessions and challenges that have expired anyway.
 */
export async function purgeAgencyPersonalData(db: Executor, agencyId: string, years: number) {
  const mail = await db.execute(sql`DELETE FROM mail_messages
    WHERE agency_id = ${agencyId}::uuid AND created_at < now() - make_interval(years => ${years}) RETURNING 1`)
  const sessions = await db.execute(sql`DELETE FROM sessions
    WHERE agency_id = ${agencyId}::uuid AND expires_at < now() RETURNING 1`)
  const challenges = await db.execute(sql`DELETE FROM sign_in_challenges
    WHERE agency_id = ${agencyId}::uuid AND expires_at < now() RETURNING 1`)
  return { mailMessages: countOf(mail), sessions: countOf(sessions), signInChallenges: countOf(challenges) }
}

/** Failed sign-ins belong to no agency and only feed a 15-minute throttle; a month is plenty. */
export async function purgeOldLoginFailures(db: Executor): Promise<number> {
  return countOf(
    await db.execute(
      sql`DELETE FROM login_failures WHERE attempted_at < now() - interval '30 days' RETURNING 1`,
    ),
  )
}
