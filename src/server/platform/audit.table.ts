import { sql } from 'drizzle-orm'
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz } from '#server/db/columns.ts'

/**
 * Append-only: a trigger (migrations 0001, 0010, 0011, 0013) refuses UPDATE, DELETE and TRUNCATE;
 * the updates it lets through seal a row written before the hash chain existed (decision 011) and
 * tombstone a version 2 event past its agency's retention period (decision 014).
 * agency_id is null only for platform events that belong to no agency (a failed sign-in for an
 * unknown email); every agency's events carry its id. Each agency's events, and the platform's,
 * form a hash chain: `sequence` counts from 1, `prev_hash` is the previous event's `hash`.
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
    // Null only on rows written before migration 0010 and not sealed yet: a NOT VALID check makes
    // every new row carry them.
    sequence: bigint('sequence', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
    /**
     * Version 2 (every event since migration 0013): the hash of the event's personal fields
     * (details, IP, user agent), written with it. When the retention job tombstones the event it
     * clears those fields and sets redacted_at; this hash stays and the chain still verifies every
     * other field. Null on version 1 rows (written before 0013), which are never tombstoned. A
     * NOT VALID check in 0013 (audit_events_v2_hashed, not declared here: its cut-off is the
     * migration's own time) makes every newer row carry it.
     */
    contentHash: text('content_hash'),
    redactedAt: timestamptz('redacted_at'),
  },
  (t) => [
    index('audit_events_agency_idx').on(t.agencyId, t.createdAt),
    index('audit_events_entity_idx').on(t.agencyId, t.entityType, t.entityId),
    uniqueIndex('audit_events_agency_chain_idx').on(t.agencyId, t.sequence).where(sql`agency_id IS NOT NULL`),
    uniqueIndex('audit_events_platform_chain_idx').on(t.sequence).where(sql`agency_id IS NULL`),
    // The audit history's filters walk the chain newest first within one user or one action
    // (an agent sees only their own events), instead of the whole agency's chain.
    index('audit_events_agency_actor_seq_idx').on(t.agencyId, t.actorUserId, t.sequence),
    index('audit_events_agency_action_seq_idx').on(t.agencyId, t.action, t.sequence),
    index('audit_events_unsealed_idx').on(t.agencyId).where(sql`hash IS NULL`),
    check('audit_events_chained', sql`sequence IS NOT NULL AND prev_hash IS NOT NULL AND hash IS NOT NULL`),
  ],
)

/**
 * One row per chain (an agency's id, or 'platform'): its last event. Appends lock the row, which
 * serialises them per agency; the events stay the truth, and a missing row is rebuilt from them.
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: text('chain').primaryKey(),
  sequence: bigint('sequence', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  /**
   * The hash the last append replaced, which audit_append (migration 0014) moves the head with in
   * one UPDATE and reads back in its RETURNING: the new event's prev_hash. Nothing else reads it;
   * writers that lock the head themselves (the seal) leave it as it was.
   */
  prevHash: text('prev_hash'),
})
