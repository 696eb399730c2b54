import { eq } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { agencyBranding } from './branding.table.ts'

// The agency's branding. The user's profile and preferences are columns of auth's users row, read
// and written through auth/profile.service.ts.

export type BrandingRow = typeof agencyBranding.$inferSelect

export async function findBranding(executor: Executor, agencyId: string): Promise<BrandingRow | undefined> {
  const [row] = await executor.select().from(agencyBranding).where(eq(agencyBranding.agencyId, agencyId))
  return row
}

/** The branding settings a data export holds: not the logo's bytes or storage key. */
export async function findExportBranding(executor: Executor, agencyId: string) {
  const [row] = await executor
    .select({
      organizationName: agencyBranding.organizationName,
      customDomain: agencyBranding.customDomain,
      primaryColor: agencyBranding.primaryColor,
      accentColor: agencyBranding.accentColor,
      themeStyle: agencyBranding.themeStyle,
      logoMimeType: agencyBranding.logoMimeType,
      logoSize: agencyBranding.logoSize,
    })
    .from(agencyBranding)
    .where(eq(agencyBranding.agencyId, agencyId))
  return row
}

/** Inserts the agency's branding row or changes it; answers the row as it now is. */
export async function upsertBranding(
  executor: Executor,
  agencyId: string,
  values: Partial<Omit<typeof agencyBranding.$inferInsert, 'agencyId'>>,
): Promise<BrandingRow> {
  const [row] = await executor
    .insert(agencyBranding)
    .values({ agencyId, ...values })
    .onConflictDoUpdate({ target: agencyBranding.agencyId, set: { ...values, updatedAt: new Date() } })
    .returning()
  return row!
}
