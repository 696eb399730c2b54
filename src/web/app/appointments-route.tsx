import { AppointmentsPage } from '#web/features/appointments/appointments-page.tsx'
import { SubmissionActions } from '#web/features/carrier-delivery/submission-actions.tsx'

/** An appointment's carrier rows offer the carrier-delivery feature's actions: the route composes the two. */
export function AppointmentsRoute() {
  return <AppointmentsPage SubmissionActions={SubmissionActions} />
}
