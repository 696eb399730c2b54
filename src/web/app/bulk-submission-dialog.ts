import { lazy } from 'react'

/** The Smart Bulk Submission modal, loaded when a Smart Submit button is first pressed. */
export const BulkSubmissionDialog = lazy(() =>
  import('#web/features/bulk-submission/smart-bulk-submission-modal.tsx').then((m) => ({
    default: m.SmartBulkSubmissionModal,
  })),
)
