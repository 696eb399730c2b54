import { eq } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { commissionSettings } from './commission-statements.table.ts'

export async function findCommissionSettings(executor: Executor, agencyId: string) {
  const [row] = await executor
    .select()
    .from(commissionSettings)
    .where(eq(commissionSettings.agencyId, agencyId))
  return row
}

export async function upsertCommissionSettings(
  executor: Executor,
  row: { agencyId: string; toleranceCents: number; tolerancePercent: number; neverPaidDays: number },
) {
  await executor
    .insert(commissionSettings)
    .values(row)
    .onConflictDoUpdate({
      target: commissionSettings.agencyId,
      set: {
        toleranceCents: row.toleranceCents,
        tolerancePercent: row.tolerancePercent,
        neverPaidDays: row.neverPaidDays,
        updatedAt: new Date(),
      },
    })
}
