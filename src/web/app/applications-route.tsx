import { ApplicationsPage } from '#web/features/applications/applications-page.tsx'
import { BulkSubmissionDialog } from './bulk-submission-dialog.ts'

/** Each application row opens the bulk-submission feature's modal: the route composes the two. */
export function ApplicationsRoute() {
  return <ApplicationsPage BulkSubmissionDialog={BulkSubmissionDialog} />
}
