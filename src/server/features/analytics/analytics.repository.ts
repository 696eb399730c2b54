import { sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'

export interface PageViewRow {
  agencyId: string
  userId: string
  path: string
  device: string
}

/**
 * Stores the view and moves the user's latest activity forward, in one statement: recording is
 * on every navigation and must cost about as much as reading the current user.
 */
export async function insertPageView(executor: Executor, row: PageViewRow): Promise<void> {
  await executor.execute(sql`
    with view as (
      insert into page_views (agency_id, user_id, path, device)
      values (${row.agencyId}, ${row.userId}, ${row.path}, ${row.device})
      returning agency_id, user_id, viewed_at
    )
    insert into user_activity (agency_id, user_id, first_active_at, last_active_at)
    select agency_id, user_id, viewed_at, viewed_at from view
    on conflict (agency_id, user_id) do update
      set last_active_at = greatest(user_activity.last_active_at, excluded.last_active_at)`)
}

/** Page views at known moments (demo data), with each user's activity row brought up to date. */
export async function insertPageViewsAt(executor: Executor, rows: (PageViewRow & { viewedAt: Date })[]) {
  for (const row of rows) {
    await executor.execute(sql`
      with view as (
        insert into page_views (agency_id, user_id, path, device, viewed_at)
        values (${row.agencyId}, ${row.userId}, ${row.path}, ${row.device}, ${row.viewedAt.toISOString()})
        returning agency_id, user_id, viewed_at
      )
      insert into user_activity (agency_id, user_id, first_active_at, last_active_at)
      select agency_id, user_id, viewed_at, viewed_at from view
      on conflict (agency_id, user_id) do update set
        first_active_at = least(user_activity.first_active_at, excluded.first_active_at),
        last_active_at = greatest(user_activity.last_active_at, excluded.last_active_at)`)
  }
}
