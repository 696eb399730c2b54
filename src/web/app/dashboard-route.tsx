import { lazy } from 'react'
import { DashboardPage } from '#web/features/dashboard/dashboard-page.tsx'
import { BulkSubmissionDialog } from './bulk-submission-dialog.ts'

// The wizard's code loads when it is first opened, not with the dashboard.
const NewApplicationDialog = lazy(() =>
  import('#web/features/applications/wizard/new-application-dialog.tsx').then((m) => ({
    default: m.NewApplicationDialog,
  })),
)

/** The dashboard opens the applications' wizard and the bulk modal: the route composes the features. */
export function DashboardRoute() {
  return (
    <DashboardPage NewApplicationDialog={NewApplicationDialog} BulkSubmissionDialog={BulkSubmissionDialog} />
  )
}
