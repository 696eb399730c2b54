import type {
  PremiumChangeRow,
  Retention,
  RetentionRange,
} from '#shared/contracts/renewals-retention.contract.ts'
import { RETENTION_TEXTS as T } from '#shared/contracts/renewals-retention-texts.ts'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { formatCount } from '#web/lib/format.ts'
import { formatChange } from './retention-format.ts'
import { RetentionSection } from './retention-section.tsx'

type ChangeRow = Pick<PremiumChangeRow, 'carrierName' | 'count' | 'median' | 'bands'> & { key: string }

const NUMBER = { headerClassName: 'text-right', cellClassName: 'text-right tabular-nums' }

function columnsFor(bandLabels: string[]): DataColumn<ChangeRow>[] {
  return [
    {
      key: 'carrier',
      header: 'Carrier',
      cell: (row) => (row.key === 'all' ? <strong>{row.carrierName}</strong> : row.carrierName),
    },
    { key: 'count', header: 'Renewed', cell: (row) => formatCount(row.count), ...NUMBER },
    { key: 'median', header: 'Median change', cell: (row) => formatChange(row.median), ...NUMBER },
    ...bandLabels.map((label, i) => ({
      key: `band-${i}`,
      header: label,
      cell: (row: ChangeRow) => formatCount(row.bands[i]?.count ?? 0),
      ...NUMBER,
    })),
  ]
}

/**
 * How the premium moved where renewals renewed: the median change, and per carrier how many
 * renewals fell in each band of change, all carriers last.
 */
export function PremiumChange({
  change,
  range,
}: {
  change: Retention['premiumChange']
  range: RetentionRange
}) {
  const { byCarrier, ...all } = change
  const rows: ChangeRow[] = [
    ...byCarrier.map((row) => ({ ...row, key: row.carrierId })),
    { ...all, key: 'all', carrierName: T.allCarriers },
  ]
  return (
    <RetentionSection table="change" range={range}>
      {all.count === 0 ? (
        <p className="px-4 text-sm text-slate-600 sm:px-6">{T.noChanges}</p>
      ) : (
        <>
          <p className="px-4 text-sm text-slate-700 sm:px-6">
            {T.medianChange}: <strong>{formatChange(all.median)}</strong> over {formatCount(all.count)}{' '}
            renewed {all.count === 1 ? 'renewal' : 'renewals'}. {T.bandsNote}
          </p>
          <DataTable
            columns={columnsFor(all.bands.map((band) => band.label))}
            rows={rows}
            rowKey={(row) => row.key}
            label="Premium change at renewal by carrier"
            look="flush"
            tableClassName="min-w-[52rem]"
            keyboardScroll
          />
        </>
      )}
    </RetentionSection>
  )
}
