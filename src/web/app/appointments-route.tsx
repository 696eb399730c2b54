import { AppointmentsPage } from '#web/features/appointments/appointments-page.tsx'
import { SubmissionActions } from '#web/features/carrier-delivery/submission-actions.tsx'
import { DocumentUploadCard } from '#web/features/documents/document-upload-card.tsx'

/**
 * An appointment's carrier rows offer the carrier-delivery feature's actions, and its Required
 * Documents tab the documents feature's upload cards: the route composes the three.
 */
export function AppointmentsRoute() {
  return <AppointmentsPage SubmissionActions={SubmissionActions} DocumentUploadCard={DocumentUploadCard} />
}
