import { useQuery } from '@tanstack/react-query'
import { CircleCheck, Clock, FilePen, FileText } from 'lucide-react'
import { StatCard } from '#web/components/stat-card.tsx'
import { applicationSummaryQuery } from './applications.queries.ts'

const CARDS = [
  { key: 'total', label: 'Total', icon: <FileText /> },
  { key: 'pending', label: 'Pending', icon: <Clock /> },
  { key: 'approved', label: 'Approved', icon: <CircleCheck /> },
  { key: 'draft', label: 'Draft', icon: <FilePen /> },
] as const

/** Spec part 1 §2: Total, Pending, Approved, Draft (counts by status). */
export function ApplicationSummaryCards() {
  const { data } = useQuery(applicationSummaryQuery)
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {CARDS.map((card) => (
        <StatCard
          key={card.key}
          icon={card.icon}
          label={card.label}
          value={data?.[card.key]}
          testId={`applications-${card.label.toLowerCase()}`}
        />
      ))}
    </div>
  )
}
