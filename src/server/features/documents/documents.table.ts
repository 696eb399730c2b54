import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * Documents the product makes (application packets). Packets are a few kilobytes, so they live in
 * the database: web and worker processes share them without a shared disk.
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    agencyId: agencyRef(),
    kind: text('kind').$type<'application_packet'>().notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    applicationId: uuid('application_id'),
    createdAt: createdAt(),
  },
  (t) => [index('documents_agency_idx').on(t.agencyId, t.applicationId)],
)
