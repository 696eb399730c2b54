import { useQuery } from '@tanstack/react-query'
import { CalendarPlus, UserCheck, Users } from 'lucide-react'
import { StatCard } from '#web/components/stat-card.tsx'
import { clientSummaryQuery } from './clients.queries.ts'

/** Total Clients, Active Clients and New This Month, counted by the server. */
export function ClientSummaryCards() {
  const { data } = useQuery(clientSummaryQuery)
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-4">
      <StatCard compact icon={<Users />} label="Total Clients" value={data?.total} />
      <StatCard compact icon={<UserCheck />} label="Active Clients" value={data?.active} />
      <StatCard compact icon={<CalendarPlus />} label="New This Month" value={data?.newThisMonth} />
    </div>
  )
}
