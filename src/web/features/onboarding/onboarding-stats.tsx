import { useQuery } from '@tanstack/react-query'
import { GraduationCap, Percent, ShieldCheck, Users } from 'lucide-react'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { formatCount } from '#web/lib/format.ts'
import { dashboardQuery } from './onboarding.queries.ts'
import { FigureCard, LoadError } from './onboarding-display.tsx'

/** The four stat cards: agents, average progress, active licenses (expiring), trainings (scheduled). */
export function OnboardingStats() {
  const { data, isError } = useQuery(dashboardQuery)
  if (isError) return <LoadError message={T.fetchDashboard} />
  const stats = data?.stats
  const figure = (value: number | undefined) => (value === undefined ? '—' : formatCount(value))
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <FigureCard label="Total Agents" value={figure(stats?.totalAgents)} icon={<Users />} />
      <FigureCard label="Average Progress" value={stats ? `${stats.avgProgress}%` : '—'} icon={<Percent />} />
      <FigureCard
        label="Active Licenses"
        value={figure(stats?.licensesActive)}
        detail={stats ? `${formatCount(stats.licensesExpiring)} expiring` : undefined}
        icon={<ShieldCheck />}
      />
      <FigureCard
        label="Trainings Completed"
        value={figure(stats?.trainingsCompleted)}
        detail={stats ? `${formatCount(stats.trainingsScheduled)} scheduled` : undefined}
        icon={<GraduationCap />}
      />
    </div>
  )
}
