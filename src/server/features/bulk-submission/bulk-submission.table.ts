import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { applications } from '../applications/applications.table.ts'

/** A submit request by its idempotency key: the same key answers the same submissions. */
export const bulkSubmissionRequests = pgTable(
  'bulk_submission_requests',
  {
    agencyId: agencyRef(),
    idempotencyKey: text('idempotency_key').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    submissionIds: uuid('submission_ids').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.idempotencyKey] })],
)
