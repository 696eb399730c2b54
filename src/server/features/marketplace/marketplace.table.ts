import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'
import { carriers } from '../carriers/carriers.table.ts'

/**
 * The community's reviews, best practices and posts, one table (decision 019). The community spans
 * agencies, so its lists are read across agencies and its indexes lead with the kind, not the
 * agency; agency_id is the author's agency. The weighted `search` tsvector and its GIN index are
 * hand-written at the end of the migration (an immutable wrapper around array_to_string).
 */
export const marketplaceItems = pgTable(
  'marketplace_items',
  {
    id: id(),
    kind: text('kind').$type<ItemKind>().notNull(),
    agencyId: agencyRef(),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id),
    /** The carriers named: one for a review, at most one for a practice, up to five for a post. */
    carrierIds: uuid('carrier_ids').array().notNull().default(sql`'{}'::uuid[]`),
    title: text('title').notNull(),
    /** A review's text, a practice's or a post's content. */
    content: text('content').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    rating: smallint('rating'),
    pros: text('pros').array().notNull().default(sql`'{}'::text[]`),
    cons: text('cons').array().notNull().default(sql`'{}'::text[]`),
    experienceLevel: text('experience_level'),
    category: text('category'),
    difficulty: text('difficulty'),
    postType: text('post_type'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    views: integer('views').notNull().default(0),
    /** Helpful (reviews) or up votes, and not helpful or down votes. */
    upVotes: integer('up_votes').notNull().default(0),
    downVotes: integer('down_votes').notNull().default(0),
    /** Wilson lower bound of up against total (src/shared/domain/wilson-score.ts), kept with the counts. */
    score: doublePrecision('score').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    /** hidden: reported by three agencies, until a platform admin restores or removes it. */
    status: text('status').$type<'visible' | 'hidden'>().notNull().default('visible'),
    hiddenAt: timestamptz('hidden_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('marketplace_items_kind_check', sql`${t.kind} in ('review', 'practice', 'post')`),
    check('marketplace_items_status_check', sql`${t.status} in ('visible', 'hidden')`),
    check(
      'marketplace_items_review_check',
      sql`${t.kind} <> 'review' or (${t.rating} between 1 and 5 and cardinality(${t.carrierIds}) = 1
        and ${t.experienceLevel} in ('beginner', 'intermediate', 'expert'))`,
    ),
    check(
      'marketplace_items_practice_check',
      sql`${t.kind} <> 'practice' or (cardinality(${t.carrierIds}) <= 1
        and ${t.category} in ('application_tips', 'underwriting', 'documentation', 'pricing')
        and ${t.difficulty} in ('beginner', 'intermediate', 'advanced'))`,
    ),
    check(
      'marketplace_items_post_check',
      sql`${t.kind} <> 'post' or (cardinality(${t.carrierIds}) <= 5
        and ${t.postType} in ('tip', 'question', 'success_story', 'warning'))`,
    ),
    check('marketplace_items_votes_check', sql`${t.upVotes} >= 0 and ${t.downVotes} >= 0`),
    // Ascending, read backwards for newest and best first (decision 005).
    index('marketplace_items_newest_idx').on(t.kind, t.createdAt, t.id).where(sql`${t.status} = 'visible'`),
    index('marketplace_items_best_idx')
      .on(t.kind, t.score, t.createdAt, t.id)
      .where(sql`${t.status} = 'visible'`),
    index('marketplace_items_author_idx').on(t.authorUserId, t.createdAt),
    index('marketplace_items_hidden_idx').on(t.hiddenAt).where(sql`${t.status} = 'hidden'`),
  ],
)

/**
 * Which carriers each item names, with its kind, creation time and score copied: a carrier's newest
 * or best items of a kind are one backwards walk of an index, whatever the carrier's share.
 */
export const marketplaceItemCarriers = pgTable(
  'marketplace_item_carriers',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => marketplaceItems.id, { onDelete: 'cascade' }),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    kind: text('kind').$type<ItemKind>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** The item's score, moved by the same statement as the item's (votes.repository.ts). */
    score: doublePrecision('score').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.carrierId] }),
    index('marketplace_item_carriers_newest_idx').on(t.carrierId, t.kind, t.createdAt, t.itemId),
    index('marketplace_item_carriers_best_idx').on(t.carrierId, t.kind, t.score, t.createdAt, t.itemId),
  ],
)

/** One vote per user per item (the key): voting again changes or withdraws it, never adds one. */
export const marketplaceVotes = pgTable(
  'marketplace_votes',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => marketplaceItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    agencyId: agencyRef(),
    /** true: up (helpful); false: down (not helpful). */
    up: boolean('up').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] })],
)

/** One report per user per item; reports from three agencies hide it. Dismissed ones no longer count. */
export const marketplaceReports = pgTable(
  'marketplace_reports',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => marketplaceItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    agencyId: agencyRef(),
    reason: text('reason').notNull().default(''),
    dismissedAt: timestamptz('dismissed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.userId] }),
    index('marketplace_reports_open_idx').on(t.createdAt).where(sql`${t.dismissedAt} is null`),
  ],
)

/** Readers who opened a practice or post: the view count counts each once. */
export const marketplaceViews = pgTable(
  'marketplace_views',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => marketplaceItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] })],
)

/** A post's thread. */
export const marketplaceReplies = pgTable(
  'marketplace_replies',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => marketplaceItems.id, { onDelete: 'cascade' }),
    agencyId: agencyRef(),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('marketplace_replies_post_idx').on(t.postId, t.createdAt, t.id),
    index('marketplace_replies_author_idx').on(t.authorUserId, t.createdAt),
  ],
)

/**
 * Each catalogue carrier's measured turnaround (median days from submission to decision over all
 * agencies' applications), refreshed by a job; only carriers with 5 or more decisions have a row.
 */
export const marketplaceCarrierTurnaround = pgTable('marketplace_carrier_turnaround', {
  carrierId: uuid('carrier_id')
    .primaryKey()
    .references(() => carriers.id),
  medianDays: real('median_days').notNull(),
  computedAt: timestamptz('computed_at').defaultNow().notNull(),
})
