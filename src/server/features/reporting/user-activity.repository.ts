import { millisecondsInDay } from 'date-fns/constants'
import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { rowsOf } from '#server/db/rows.ts'
import type { ActivityFigures } from './owner-rollups.table.ts'

// Users (auth's), their sessions and their page views (analytics'): a platform-wide read for the
// owner dashboard's rollup, so it lives in the read model.

/**
 * One pass over users (one row each, 50,000 on the bench):
 *
 * - a user's latest activity is the later of their latest page view (user_activity) and their
 *   sessions' last use (sessions.last_seen_at), so a user who only calls the API counts too;
 * - active in the month: that latest activity falls on or after the calendar month's start;
 * - retention at day N: the cohort is users who signed up at least N days ago; they are retained
 *   when their latest activity is at least N days after signing up ("active on or after day N":
 *   any activity that late means the latest one is that late too).
 */
export async function measureActivity(
  executor: Executor,
  monthStart: Date,
  now: Date,
): Promise<ActivityFigures> {
  const result = await executor.execute<Record<string, string | number>>(sql`
    with seen as (
      select u.id, u.created_at,
        greatest(a.last_active_at, s.last_seen_at) as last_active
      from users u
      left join user_activity a on a.agency_id = u.agency_id and a.user_id = u.id
      left join (
        select user_id, max(last_seen_at) as last_seen_at from sessions group by user_id
      ) s on s.user_id = u.id
    )
    select
      count(*)::int as total,
      count(*) filter (where last_active >= ${monthStart.toISOString()}::timestamptz)::int as active,
      ${retentionColumns(1, now)}, ${retentionColumns(7, now)}, ${retentionColumns(30, now)}
    from seen`)
  const row: Record<string, string | number> = rowsOf<Record<string, string | number>>(result)[0] ?? {}
  const figure = (day: 1 | 7 | 30) => ({
    cohort: Number(row[`cohort${day}`] ?? 0),
    retained: Number(row[`retained${day}`] ?? 0),
  })
  return {
    totalUsers: Number(row.total ?? 0),
    activeUsers: Number(row.active ?? 0),
    retained: { 1: figure(1), 7: figure(7), 30: figure(30) },
  }
}

function retentionColumns(day: number, now: Date) {
  const cutoff = new Date(now.getTime() - day * millisecondsInDay).toISOString()
  const interval = `${day} days`
  return sql`
    count(*) filter (where created_at <= ${cutoff}::timestamptz)::int as ${sql.raw(`cohort${day}`)},
    count(*) filter (where created_at <= ${cutoff}::timestamptz
      and last_active >= created_at + ${interval}::interval)::int as ${sql.raw(`retained${day}`)}`
}
