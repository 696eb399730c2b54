import { eq } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { agencyBookSettings } from './book-settings.table.ts'

export type BookSettingsRow = typeof agencyBookSettings.$inferSelect

/** The agency's row, if an admin ever changed a default; `forUpdate` locks it for a change. */
export async function findBookSettings(
  executor: Executor,
  agencyId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = executor.select().from(agencyBookSettings).where(eq(agencyBookSettings.agencyId, agencyId))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

export async function upsertBookSettings(
  executor: Executor,
  agencyId: string,
  values: { reinstatementWindowDays: number; updatedByUserId: string },
) {
  const [row] = await executor
    .insert(agencyBookSettings)
    .values({ agencyId, ...values })
    .onConflictDoUpdate({
      target: agencyBookSettings.agencyId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning()
  return row!
}
