import { createElement, lazy } from 'react'

/**
 * The Smart Bulk Submission modal, loaded when a Smart Submit button is first pressed, with the
 * quotes feature's indication-to-bound figures on each recommended carrier: the route composes
 * the two, and both load together.
 */
export const BulkSubmissionDialog = lazy(async () => {
  const [{ SmartBulkSubmissionModal }, { CarrierQuoteVariance }] = await Promise.all([
    import('#web/features/bulk-submission/smart-bulk-submission-modal.tsx'),
    import('#web/features/quotes/carrier-quote-variance.tsx'),
  ])
  return {
    default: (props: Omit<Parameters<typeof SmartBulkSubmissionModal>[0], 'CarrierFigures'>) =>
      createElement(SmartBulkSubmissionModal, { ...props, CarrierFigures: CarrierQuoteVariance }),
  }
})
