import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import type { CommissionException } from '#shared/contracts/commissions-statements.contract.ts'
import type { ExceptionAction } from '#shared/contracts/commissions-statements-texts.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { type ExceptionFilters, exceptionsQuery } from './commission-exceptions.queries.ts'
import { ExceptionFilterBar, KindChips } from './exception-filters.tsx'
import { ExceptionList } from './exception-list.tsx'
import { EXCEPTION_WORDS as W } from './exception-texts.ts'
import type { Resolving } from './resolve-exception-dialog.tsx'

/** The dialog, the settings form and their form code load when first needed, not with the list. */
const ResolveExceptionDialog = lazy(() =>
  import('./resolve-exception-dialog.tsx').then((m) => ({ default: m.ResolveExceptionDialog })),
)
const ReconciliationSettings = lazy(() =>
  import('./reconciliation-settings.tsx').then((m) => ({ default: m.ReconciliationSettings })),
)

const LIMIT = 500

/**
 * Commissions › Exceptions: the open exceptions counted by kind (each a filter), the queue oldest
 * first with what was paid and expected, and for agency admins an action on each. Resolved ones
 * show with how they were closed. The reconciliation settings sit below.
 */
export function ExceptionsTab() {
  const user = useCurrentUser()
  const canResolve = isAgencyAdmin(user.role)
  const [filters, setFilters] = useState<ExceptionFilters>({ status: 'open' })
  const { data, isPlaceholderData } = useQuery(exceptionsQuery(filters))
  const [resolving, setResolving] = useState<Resolving | null>(null)
  const [dialogOpen, setDialogOpen] = useState(false)
  const dialogMounted = useOpenedOnce(dialogOpen)
  const choose = (exception: CommissionException, action: ExceptionAction) => {
    setResolving({ exception, action })
    setDialogOpen(true)
  }
  const change = (next: Partial<ExceptionFilters>) => setFilters((current) => ({ ...current, ...next }))
  return (
    <div className="grid min-w-0 gap-6">
      <Card className="min-w-0">
        <CardHeader className="grid gap-4">
          <div className="grid gap-1.5">
            <CardTitle>{W.queueTitle}</CardTitle>
            <CardDescription>{W.queueDescription}</CardDescription>
          </div>
          {data && (
            <KindChips counts={data.counts} kind={filters.kind} onChange={(kind) => change({ kind })} />
          )}
          <ExceptionFilterBar filters={filters} onChange={change} />
        </CardHeader>
      </Card>
      {!data ? (
        <PageSpinner />
      ) : data.exceptions.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText(filters)}</p>
      ) : (
        <>
          <ExceptionList
            exceptions={data.exceptions}
            busy={isPlaceholderData}
            {...(canResolve && { onChoose: choose })}
          />
          {data.exceptions.length >= LIMIT && <p className="text-sm text-slate-600">{W.limited}</p>}
        </>
      )}
      <Suspense fallback={null}>
        <ReconciliationSettings />
        {dialogMounted && (
          <ResolveExceptionDialog resolving={resolving} open={dialogOpen} onOpenChange={setDialogOpen} />
        )}
      </Suspense>
    </div>
  )
}

function emptyText(filters: ExceptionFilters): string {
  if (filters.kind || filters.carrierId) return W.noneFiltered
  return filters.status === 'open' ? W.noneOpen : W.noneResolved
}
