import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from '#server/db/columns.ts'

/**
 * Append-only: a trigger (migration 0001) refuses UPDATE, DELETE and TRUNCATE.
 * agency_id is null only for platform events that belong to no agency (a failed sign-in for an
 * unknown email); every agency's events carry its id.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    agencyId: uuid('agency_id'),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_agency_idx').on(t.agencyId, t.createdAt),
    index('audit_events_entity_idx').on(t.agencyId, t.entityType, t.entityId),
  ],
)
