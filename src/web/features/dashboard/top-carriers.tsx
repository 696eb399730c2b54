import { useQuery } from '@tanstack/react-query'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { cn } from '#web/lib/cn.ts'
import { topCarriersQuery } from './dashboard.queries.ts'

/** Spec part 1 §4: online green, offline red, maintenance yellow, anything else grey. */
export const STATUS_DOTS: Record<string, string> = {
  online: 'bg-green-500',
  offline: 'bg-red-500',
  maintenance: 'bg-yellow-400',
}

export function appsLabel(count: number): string {
  return `${count} ${count === 1 ? 'app' : 'apps'}`
}

export function TopCarriers() {
  const { data, isError } = useQuery(topCarriersQuery)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Top Carriers</CardTitle>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p className="text-sm text-slate-600">Carriers could not be loaded.</p>
        ) : !data ? (
          <Spinner label="Loading carriers" />
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600">No carrier has applications yet.</p>
        ) : (
          <ul className="grid gap-3">
            {data.map((carrier) => (
              <li key={carrier.id} className="flex items-center justify-between gap-3 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <span
                    aria-hidden="true"
                    className={cn(
                      'size-2.5 shrink-0 rounded-full',
                      STATUS_DOTS[carrier.status] ?? 'bg-slate-400',
                    )}
                  />
                  <span className="truncate font-medium text-slate-900">{carrier.name}</span>
                  <span className="sr-only">({carrier.status})</span>
                </span>
                <span className="shrink-0 text-slate-600">{appsLabel(carrier.applications)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
