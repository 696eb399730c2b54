import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { timestamptz, updatedAt } from '#server/db/columns.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'

/**
 * An executive-plan agency's branding (spec part 2 §2, Settings › Branding): applied to the
 * shell of every user of the agency. The logo's bytes are in file storage under `logoKey`.
 */
export const agencyBranding = pgTable(
  'agency_branding',
  {
    agencyId: uuid('agency_id')
      .primaryKey()
      .references(() => agencies.id),
    organizationName: text('organization_name'),
    customDomain: text('custom_domain'),
    logoKey: text('logo_key'),
    logoMimeType: text('logo_mime_type'),
    logoSize: integer('logo_size'),
    logoSha256: text('logo_sha256'),
    logoUpdatedAt: timestamptz('logo_updated_at'),
    primaryColor: text('primary_color').notNull().default('#8B5CF6'),
    accentColor: text('accent_color').notNull().default('#EC4899'),
    themeStyle: text('theme_style').notNull().default('modern'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('agency_branding_theme_check', sql`${t.themeStyle} in ('modern', 'professional', 'corporate')`),
    check(
      'agency_branding_colors_check',
      sql`${t.primaryColor} ~ '^#[0-9A-Fa-f]{6}$' and ${t.accentColor} ~ '^#[0-9A-Fa-f]{6}$'`,
    ),
  ],
)
