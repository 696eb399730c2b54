import { type ComponentType, lazy, Suspense, useState } from 'react'
import type { ApplicationListItem } from '#shared/contracts/applications.contract.ts'
import { DASHBOARD_TEXTS } from '#shared/contracts/dashboard-texts.ts'
import { Skeleton } from '#web/components/skeleton.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'

// The header (and its bell) shows at once; the panels' code follows in its own chunk.
const DashboardPanels = lazy(() =>
  import('./dashboard-panels.tsx').then((m) => ({ default: m.DashboardPanels })),
)

export interface WizardDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  createClientFirst?: boolean
}

export interface BulkSubmissionDialogProps {
  application: ApplicationListItem
  onClose: () => void
}

interface DashboardPageProps {
  /** The new-application wizard, composed in by the route (features do not import each other's screens). */
  NewApplicationDialog: ComponentType<WizardDialogProps>
  /** The Smart Bulk Submission modal; without it the recent applications have no Smart Submit. */
  BulkSubmissionDialog?: ComponentType<BulkSubmissionDialogProps>
}

export function DashboardPage({ NewApplicationDialog, BulkSubmissionDialog }: DashboardPageProps) {
  const [wizardOpen, setWizardOpen] = useState(false)
  // Mounted on first use, then kept: its code loads lazily, and closing keeps it cheap to reopen.
  const [wizardUsed, setWizardUsed] = useState(false)
  const [bulkTarget, setBulkTarget] = useState<ApplicationListItem | null>(null)
  const openWizard = () => {
    setWizardUsed(true)
    setWizardOpen(true)
  }
  return (
    <>
      <PageHeader
        title={DASHBOARD_TEXTS.title}
        subtitle="Manage your insurance business from one place"
        onNewApplication={openWizard}
      />
      <Suspense fallback={<PanelsSkeleton />}>
        <DashboardPanels
          onNewApplication={openWizard}
          onBulkSubmit={BulkSubmissionDialog ? setBulkTarget : undefined}
        />
      </Suspense>
      {wizardUsed && (
        <Suspense fallback={null}>
          <NewApplicationDialog open={wizardOpen} onOpenChange={setWizardOpen} createClientFirst />
        </Suspense>
      )}
      {BulkSubmissionDialog && bulkTarget && (
        <Suspense fallback={null}>
          <BulkSubmissionDialog application={bulkTarget} onClose={() => setBulkTarget(null)} />
        </Suspense>
      )}
    </>
  )
}

function PanelsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {['total', 'pending', 'approved', 'clients'].map((key) => (
        <Skeleton key={key} className="h-32" />
      ))}
    </div>
  )
}
