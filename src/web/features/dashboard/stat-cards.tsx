import { useQuery } from '@tanstack/react-query'
import { CircleCheck, Clock, FileText, type LucideIcon, TrendingDown, TrendingUp, Users } from 'lucide-react'
import { Card } from '#web/components/card.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatCount } from '#web/lib/format.ts'
import { type ChangeKind, changeTrend, formatChangeNote } from './change-note.ts'
import { dashboardStatsQuery } from './dashboard.queries.ts'

const CARDS: {
  label: string
  key: 'total' | 'pending' | 'approved' | 'clients'
  change: ChangeKind
  icon: LucideIcon
}[] = [
  { label: 'Total Applications', key: 'total', change: 'total', icon: FileText },
  { label: 'Pending Review', key: 'pending', change: 'pending', icon: Clock },
  { label: 'Approved', key: 'approved', change: 'approvalRate', icon: CircleCheck },
  { label: 'Active Clients', key: 'clients', change: 'clients', icon: Users },
]

/** Spec part 1 §2: four statistics, zero when missing, with real change notes. */
export function StatCards() {
  const { data, isPending } = useQuery(dashboardStatsQuery)
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map(({ label, key, change, icon: Icon }) => {
        const delta = data?.changes[change]
        const trend = changeTrend(delta)
        const TrendIcon = trend === 'down' ? TrendingDown : TrendingUp
        return (
          <Card key={key} className="grid gap-2 p-5">
            <div className="flex items-center justify-between gap-3">
              <h2 className="text-sm font-medium text-slate-600">{label}</h2>
              <span aria-hidden="true" className="rounded-full bg-violet-50 p-2 text-violet-700">
                <Icon className="size-5" />
              </span>
            </div>
            <p
              className="text-3xl font-bold text-slate-900"
              aria-busy={isPending}
              data-testid={`stat-${key}`}
            >
              {formatCount(data?.[key] ?? 0)}
            </p>
            <p
              className={cn(
                'flex items-center gap-1 text-xs',
                trend === 'up' && 'text-green-700',
                trend === 'down' && 'text-red-700',
                (trend === 'flat' || trend === 'none') && 'text-slate-600',
              )}
            >
              {(trend === 'up' || trend === 'down') && <TrendIcon aria-hidden="true" className="size-3.5" />}
              {isPending ? '\u00a0' : formatChangeNote(change, delta)}
            </p>
          </Card>
        )
      })}
    </div>
  )
}
