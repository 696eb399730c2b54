import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import type { CommissionRate } from '#shared/contracts/commissions.contract.ts'
import { COMMISSION_TEXTS as T } from '#shared/contracts/commissions-texts.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { formatCount } from '#web/lib/format.ts'
import { schedulesQuery } from './commissions.queries.ts'
import { EndRateDialog } from './end-rate-dialog.tsx'
import { CurrentRatesTable, RateHistoryTable } from './schedule-tables.tsx'
import { type RateStart, SetRateDialog } from './set-rate-dialog.tsx'

/** Commissions › Schedules: the rates in force by carrier and line with the agency's default, and every change. */
export function SchedulesTab() {
  const { data } = useQuery(schedulesQuery)
  const [setting, setSetting] = useState<RateStart | null>(null)
  const [ending, setEnding] = useState<CommissionRate | null>(null)
  if (!data) return <PageSpinner />
  const edit = data.canEdit
  return (
    <div className="grid min-w-0 gap-6">
      <Card className="min-w-0">
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Rates in force</CardTitle>
            <CardDescription>
              A policy earns its carrier’s rate for its line, else the carrier’s for all lines, else the
              agency’s default. The first term earns the new-business rate, later terms the renewal rate.
            </CardDescription>
          </div>
          {edit && (
            <Button onClick={() => setSetting({ carrierId: null, lineOfBusiness: null })}>
              <Plus aria-hidden="true" />
              Set a rate
            </Button>
          )}
        </CardHeader>
        <CardContent className="grid gap-4 px-0 pb-2">
          {!edit && (
            <div className="px-6">
              <Alert tone="info">{T.adminsOnly}</Alert>
            </div>
          )}
          {data.rates.length === 0 ? (
            <p className="px-6 pb-4 text-sm text-slate-600">
              No rates yet: policies earn no expected commission until a rate applies to them.
            </p>
          ) : (
            <CurrentRatesTable
              rates={data.rates}
              {...(edit && { onChange: (rate: CommissionRate) => setSetting(rate), onEnd: setEnding })}
            />
          )}
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>History</CardTitle>
          <CardDescription>
            {data.historyTotal > data.history.length
              ? `The latest ${formatCount(data.history.length)} of ${formatCount(data.historyTotal)} changes.`
              : 'Every change, newest effective date first. A change never rewrites a past term’s rate.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="px-0 pb-2">
          {data.history.length === 0 ? (
            <p className="px-6 pb-4 text-sm text-slate-600">No changes yet.</p>
          ) : (
            <RateHistoryTable history={data.history} />
          )}
        </CardContent>
      </Card>
      {edit && (
        <>
          <SetRateDialog
            open={setting !== null}
            onOpenChange={(open) => !open && setSetting(null)}
            start={setting ?? undefined}
          />
          <EndRateDialog rate={ending} onOpenChange={(open) => !open && setEnding(null)} />
        </>
      )}
    </div>
  )
}
