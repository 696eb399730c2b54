/** Texts of spec part 1 §2 (Smart Bulk Submission modal), §5 (bulk modal) and §8 (bulk). */
export const BULK_TEXTS = {
  title: 'Smart Bulk Submission',
  smartSubmit: 'Smart Submit',
  profileRequiredTitle: 'Profile Required',
  profileRequired: 'Please complete the client profile to get recommendations',
  noCarriersTitle: 'No Carriers Selected',
  noCarriers: 'Please select at least one carrier to submit to',
  noRecommendations: 'No carrier recommendations available. Please adjust your criteria.',
  failedTitle: 'Submission Failed',
  failedFallback: 'Failed to submit to carriers',
  completed: 'Bulk submission completed',
  bulkFailed: 'Bulk submission failed',
  applicationNotFound: 'Not found',
  carrierNotAvailable: 'This carrier is not available to your agency',
  alreadySubmitted: 'Already submitted to this carrier',
} as const
