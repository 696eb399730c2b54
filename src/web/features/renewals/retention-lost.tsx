import { lazy, Suspense } from 'react'
import type { Retention, RetentionRange } from '#shared/contracts/renewals-retention.contract.ts'
import { RETENTION_TEXTS as T } from '#shared/contracts/renewals-retention-texts.ts'
import { LOST_REASON_LABELS } from '#shared/contracts/renewals-texts.ts'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { formatCount, formatDollars } from '#web/lib/format.ts'
import { RetentionSection } from './retention-section.tsx'

// recharts is heavy: its chunk loads after the figures, and only on this page.
const LostReasonsChart = lazy(() =>
  import('./retention-lost-chart.tsx').then((m) => ({ default: m.LostReasonsChart })),
)

type LostReason = Retention['lostReasons'][number]

const COLUMNS: readonly DataColumn<LostReason>[] = [
  { key: 'reason', header: 'Reason', cell: (row) => LOST_REASON_LABELS[row.reason] },
  {
    key: 'count',
    header: 'Lost',
    cell: (row) => formatCount(row.count),
    headerClassName: 'text-right',
    cellClassName: 'text-right tabular-nums',
  },
  {
    key: 'premium',
    header: 'Expiring premium',
    cell: (row) => formatDollars(row.premium),
    headerClassName: 'text-right',
    cellClassName: 'text-right tabular-nums',
  },
]

/** Why renewals were lost: a bar chart, and the same figures with their premium as a table. */
export function LostReasons({ reasons, range }: { reasons: LostReason[]; range: RetentionRange }) {
  const anyLost = reasons.some((row) => row.count > 0)
  return (
    <RetentionSection table="lost" range={range}>
      {anyLost ? (
        <div className="grid gap-4 px-4 sm:px-6 lg:grid-cols-2 lg:items-center">
          <Suspense fallback={<Spinner label="Loading the chart" className="m-6" />}>
            <LostReasonsChart reasons={reasons} />
          </Suspense>
          <DataTable
            columns={COLUMNS}
            rows={reasons}
            rowKey={(row) => row.reason}
            label="Lost renewals by reason"
            look="compact"
          />
        </div>
      ) : (
        <p className="px-4 text-sm text-slate-600 sm:px-6">{T.noneLost}</p>
      )}
    </RetentionSection>
  )
}
