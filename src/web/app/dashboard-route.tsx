import { lazy } from 'react'
import { DashboardPage } from '#web/features/dashboard/dashboard-page.tsx'

// The wizard's code loads when it is first opened, not with the dashboard.
const NewApplicationDialog = lazy(() =>
  import('#web/features/applications/wizard/new-application-dialog.tsx').then((m) => ({
    default: m.NewApplicationDialog,
  })),
)

/** The dashboard opens the applications feature's wizard: the route composes the two features. */
export function DashboardRoute() {
  return <DashboardPage NewApplicationDialog={NewApplicationDialog} />
}
