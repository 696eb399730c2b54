import type { Executor } from '#server/db/connect.ts'
import {
  type CommissionSettings,
  DEFAULT_COMMISSION_SETTINGS,
} from '#shared/contracts/commissions-statements.contract.ts'
import { findCommissionSettings } from './commission-settings.repository.ts'

/** The agency's reconciliation settings in cents and percent, the defaults until an admin saves some. */
export interface ReconciliationSettings {
  tolerance: { cents: number; percent: number }
  neverPaidDays: number
}

export async function reconciliationSettingsFor(
  executor: Executor,
  agencyId: string,
): Promise<ReconciliationSettings> {
  const row = await findCommissionSettings(executor, agencyId)
  const settings: CommissionSettings = row
    ? {
        toleranceDollars: row.toleranceCents / 100,
        tolerancePercent: row.tolerancePercent,
        neverPaidDays: row.neverPaidDays,
      }
    : DEFAULT_COMMISSION_SETTINGS
  return {
    tolerance: { cents: Math.round(settings.toleranceDollars * 100), percent: settings.tolerancePercent },
    neverPaidDays: settings.neverPaidDays,
  }
}
