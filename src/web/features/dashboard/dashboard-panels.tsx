import type { ApplicationListItem } from '#shared/contracts/applications.contract.ts'
import { BookFigures } from './book-figures.tsx'
import { QuickActions } from './quick-actions.tsx'
import { RecentApplications } from './recent-applications.tsx'
import { StatCards } from './stat-cards.tsx'
import { TopCarriers } from './top-carriers.tsx'

/** Everything below the header: statistics, recent applications, quick actions and carriers. */
interface DashboardPanelsProps {
  onNewApplication: () => void
  onBulkSubmit?: (application: ApplicationListItem) => void
}

export function DashboardPanels({ onNewApplication, onBulkSubmit }: DashboardPanelsProps) {
  return (
    <>
      <StatCards />
      <BookFigures />
      {/* The table needs the width: the side panels sit beside it only on very wide screens. */}
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <RecentApplications onBulkSubmit={onBulkSubmit} />
        <div className="grid content-start gap-6 md:grid-cols-2 2xl:grid-cols-1">
          <QuickActions onNewApplication={onNewApplication} />
          <TopCarriers />
        </div>
      </div>
    </>
  )
}
