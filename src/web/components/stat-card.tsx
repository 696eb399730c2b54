import type { ReactNode } from 'react'
import { formatCount } from '#web/lib/format.ts'
import { Card } from './card.tsx'

interface StatCardProps {
  icon: ReactNode
  label: string
  /** undefined while loading: shows a dash and marks the figure busy. */
  value: number | undefined
  /** Three cards in a row on a phone need the smaller type. */
  compact?: boolean
  testId?: string
}

/** A labelled count with its icon, for the summary rows above lists. */
export function StatCard({ icon, label, value, compact = false, testId }: StatCardProps) {
  return (
    <Card
      className={`flex items-center justify-between ${compact ? 'gap-4 p-3 sm:p-5' : 'gap-3 p-4 sm:p-5'}`}
    >
      <div>
        <p className={`font-medium text-slate-600 ${compact ? 'text-xs sm:text-sm' : 'text-sm'}`}>{label}</p>
        <p
          className={`mt-1 font-bold text-slate-900 ${compact ? 'text-xl sm:text-2xl' : 'text-2xl'}`}
          aria-busy={value === undefined}
          data-testid={testId}
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
