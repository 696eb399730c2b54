import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/** The transactional outbox: a job is written in the same transaction as the change that needs it. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    agencyId: uuid('agency_id'),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamptz('run_at').defaultNow().notNull(),
    lockedAt: timestamptz('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamptz('finished_at'),
    /** A recurring job (the storage sweep) has at most one queued copy under its key. */
    singletonKey: text('singleton_key'),
  },
  (t) => [
    index('jobs_ready_idx').on(t.status, t.runAt),
    index('jobs_agency_idx').on(t.agencyId, t.createdAt),
    uniqueIndex('jobs_singleton_idx').on(t.singletonKey).where(sql`${t.status} = 'queued'`),
  ],
)
