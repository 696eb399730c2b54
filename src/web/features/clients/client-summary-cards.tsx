import { useQuery } from '@tanstack/react-query'
import { CalendarPlus, UserCheck, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from '#web/components/card.tsx'
import { formatCount } from '#web/lib/format.ts'
import { clientSummaryQuery } from './clients.queries.ts'

/** Total Clients, Active Clients and New This Month, counted by the server. */
export function ClientSummaryCards() {
  const { data } = useQuery(clientSummaryQuery)
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-4">
      <SummaryCard icon={<Users />} label="Total Clients" value={data?.total} />
      <SummaryCard icon={<UserCheck />} label="Active Clients" value={data?.active} />
      <SummaryCard icon={<CalendarPlus />} label="New This Month" value={data?.newThisMonth} />
    </div>
  )
}

function SummaryCard({ icon, label, value }: { icon: ReactNode; label: string; value: number | undefined }) {
  return (
    <Card className="flex items-center justify-between gap-4 p-3 sm:p-5">
      <div>
        <p className="text-xs font-medium text-slate-600 sm:text-sm">{label}</p>
        <p className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl" aria-busy={value === undefined}>
          {value === undefined ? '—' : formatCount(value)}
        </p>
      </div>
      <span
        aria-hidden="true"
        className="hidden rounded-full bg-violet-50 p-3 text-violet-700 sm:block [&_svg]:size-5"
      >
        {icon}
      </span>
    </Card>
  )
}
