import type { Retention } from '#shared/contracts/renewals-retention.contract.ts'
import { RETENTION_TEXTS as T } from '#shared/contracts/renewals-retention-texts.ts'
import { Card } from '#web/components/card.tsx'
import { formatCount, formatDollars } from '#web/lib/format.ts'
import { formatChange, formatRate, formatShare } from './retention-format.ts'

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card className="grid gap-1 p-3 sm:p-5">
      <p className="text-xs font-medium text-slate-600 sm:text-sm">{label}</p>
      <p className="text-xl font-bold text-slate-900 sm:text-2xl">{value}</p>
      <p className="text-xs text-slate-600">{detail}</p>
    </Card>
  )
}

/** The range's totals: retention by count and by premium, the median change, and what was lost. */
export function RetentionStats({ figures }: { figures: Retention }) {
  const { total, premiumChange, lostReasons } = figures
  const lost = lostReasons.reduce((sum, row) => sum + row.count, 0)
  const lostPremium = lostReasons.reduce((sum, row) => sum + row.premium, 0)
  return (
    <div className="grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-4">
      <Figure
        label={T.countRate}
        value={formatRate(total.countRate)}
        detail={`${formatShare(total.renewed, total.closed, 'closed renewals')} renewed`}
      />
      <Figure
        label={T.premiumRate}
        value={formatRate(total.premiumRate)}
        detail={`${formatDollars(total.retainedPremium)} of ${formatDollars(total.expiringPremium)} kept`}
      />
      <Figure
        label={T.medianChange}
        value={formatChange(premiumChange.median)}
        detail={`over ${formatCount(premiumChange.count)} renewed`}
      />
      <Figure
        label={T.lost}
        value={formatCount(lost)}
        detail={`${formatDollars(lostPremium)} expiring premium`}
      />
    </div>
  )
}
