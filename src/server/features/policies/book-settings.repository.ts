import { eq, inArray } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { agencyBookSettings } from './book-settings.table.ts'

export type BookSettingsRow = typeof agencyBookSettings.$inferSelect
export type BookSettingsValues = Omit<BookSettingsRow, 'agencyId' | 'updatedAt'>

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

/** The rows of these agencies (those that changed a default; the others have none). */
export function findBookSettingsOf(executor: Executor, agencyIds: string[]) {
  if (agencyIds.length === 0) return Promise.resolve([])
  return executor.select().from(agencyBookSettings).where(inArray(agencyBookSettings.agencyId, agencyIds))
}

export async function upsertBookSettings(executor: Executor, agencyId: string, values: BookSettingsValues) {
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
