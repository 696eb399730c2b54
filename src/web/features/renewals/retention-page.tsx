import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { Retention, RetentionRange } from '#shared/contracts/renewals-retention.contract.ts'
import { RETENTION_TEXTS as T } from '#shared/contracts/renewals-retention-texts.ts'
import { Alert } from '#web/components/alert.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { isApiError } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { retentionQuery } from './retention.queries.ts'
import { PremiumChange } from './retention-change.tsx'
import { LostReasons } from './retention-lost.tsx'
import { RetentionRangePicker } from './retention-range.tsx'
import { RetentionStats } from './retention-stats.tsx'
import { RetentionRowsTable } from './retention-tables.tsx'

/**
 * /renewals/retention — how many renewals, and how much premium, the agency kept over a range of
 * expiration months; why the others were lost; how the premium changed where they renewed. The
 * range lives in the address, so a view can be shared.
 */
export function RetentionPage() {
  const [search, setSearch] = useSearchParams()
  const asked: RetentionRange = {
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
  }
  const figures = useQuery({
    ...retentionQuery(asked),
    placeholderData: keepPreviousData,
    // A range the server refuses is answered on its field; anything else reaches the route's boundary.
    throwOnError: (error) => !isApiError(error, 400),
  })
  const refused = isApiError(figures.error, 400) ? figures.error : null
  const shown = refused ? undefined : figures.data
  const change = (field: 'from' | 'to', month: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current)
        next.set(field, month)
        return next
      },
      { replace: true },
    )
  return (
    <>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <RetentionRangePicker
        from={asked.from ?? shown?.from ?? ''}
        to={asked.to ?? shown?.to ?? ''}
        problems={refused?.fieldErrors ?? []}
        onChange={change}
      />
      {refused && refused.fieldErrors.length === 0 && <Alert tone="error">{refused.message}</Alert>}
      {shown ? (
        <Figures figures={shown} busy={figures.isPlaceholderData} />
      ) : (
        !refused && <Spinner label="Loading the retention figures" className="justify-self-center py-8" />
      )}
    </>
  )
}

function Figures({ figures, busy }: { figures: Retention; busy: boolean }) {
  // The downloads are of the range shown, as the server read it.
  const range = { from: figures.from, to: figures.to }
  return (
    <div aria-busy={busy} className={cn('grid min-w-0 gap-4', busy && 'opacity-60')}>
      <RetentionStats figures={figures} />
      <RetentionRowsTable table="month" range={range} rows={figures.byMonth} total={figures.total} />
      <div className="grid min-w-0 gap-4 xl:grid-cols-2">
        <RetentionRowsTable table="producer" range={range} rows={figures.byProducer} total={figures.total} />
        <RetentionRowsTable table="carrier" range={range} rows={figures.byCarrier} total={figures.total} />
      </div>
      <RetentionRowsTable table="line" range={range} rows={figures.byLine} total={figures.total} />
      <LostReasons reasons={figures.lostReasons} range={range} />
      <PremiumChange change={figures.premiumChange} range={range} />
    </div>
  )
}
