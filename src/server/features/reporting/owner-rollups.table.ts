import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { timestamptz } from '#server/db/columns.ts'

/** Users, users active in the month and retention cohorts (user-activity.repository.ts). */
export interface ActivityFigures {
  totalUsers: number
  activeUsers: number
  retained: Record<1 | 7 | 30, { cohort: number; retained: number }>
}

/**
 * Rollups the jobs worker keeps for the owner dashboard (owner-rollups.job.ts), so that a million
 * applications are not counted at every view. Each run replaces them whole.
 *
 * - owner_user_applications: applications created by each user (created_by_user_id), all time.
 * - owner_carrier_submissions: carrier submissions per carrier (every agency, every record
 *   type), with how many were delivered and how many failed.
 * - owner_rollup_runs: the totals, the users' activity figures (user-activity.repository.ts'
 *   measureActivity: users, active in the month, retention cohorts) and when they were counted.
 */
export const ownerUserApplications = pgTable(
  'owner_user_applications',
  {
    agencyId: uuid('agency_id').notNull(),
    userId: uuid('user_id').notNull(),
    applications: integer('applications').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.userId] }),
    // The dashboard's top ten: a walk of this index, not a sort of every user.
    index('owner_user_applications_top_idx').on(t.applications, t.userId),
  ],
)

export const ownerCarrierSubmissions = pgTable('owner_carrier_submissions', {
  carrierId: uuid('carrier_id').primaryKey(),
  name: text('name').notNull(),
  submissions: integer('submissions').notNull(),
  delivered: integer('delivered').notNull(),
  failed: integer('failed').notNull(),
})

export const ownerRollupRuns = pgTable('owner_rollup_runs', {
  id: text('id').primaryKey(),
  applications: bigint('applications', { mode: 'number' }).notNull(),
  carrierSubmissions: bigint('carrier_submissions', { mode: 'number' }).notNull(),
  activity: jsonb('activity').$type<ActivityFigures>().notNull(),
  countedAt: timestamptz('counted_at').notNull(),
})
