import { useQuery } from '@tanstack/react-query'
import { CircleCheck, Clock, FilePen, FileText } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from '#web/components/card.tsx'
import { formatCount } from '#web/lib/format.ts'
import { applicationSummaryQuery } from './applications.queries.ts'

/** Spec part 1 §2: Total, Pending, Approved, Draft (counts by status). */
export function ApplicationSummaryCards() {
  const { data } = useQuery(applicationSummaryQuery)
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <SummaryCard icon={<FileText />} label="Total" value={data?.total} />
      <SummaryCard icon={<Clock />} label="Pending" value={data?.pending} />
      <SummaryCard icon={<CircleCheck />} label="Approved" value={data?.approved} />
      <SummaryCard icon={<FilePen />} label="Draft" value={data?.draft} />
    </div>
  )
}

function SummaryCard({ icon, label, value }: { icon: ReactNode; label: string; value: number | undefined }) {
  return (
    <Card className="flex items-center justify-between gap-3 p-4 sm:p-5">
      <div>
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p
          className="mt-1 text-2xl font-bold text-slate-900"
          aria-busy={value === undefined}
          data-testid={`applications-${label.toLowerCase()}`}
        >
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
