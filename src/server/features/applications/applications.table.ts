import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '#server/db/columns.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { clients } from '../clients/clients.table.ts'

/**
 * An insurance application for a client. This is its core; the applications feature (wizard,
 * carriers, status machine, submissions) grows it. The clients screen already counts on it.
 */
export const applications = pgTable(
  'applications',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    insuranceType: text('insurance_type').notNull(),
    status: text('status').notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('applications_agency_client_idx').on(t.agencyId, t.clientId, t.status),
    index('applications_agency_created_idx').on(t.agencyId, t.createdAt),
  ],
)
