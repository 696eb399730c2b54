import { ApplicationDetailsPage } from '#web/features/applications/application-details-page.tsx'
import { SubmissionList } from '#web/features/carrier-delivery/submission-list.tsx'
import { QuotesSection } from '#web/features/quotes/quotes-section.tsx'

/**
 * The application's details show the carrier-delivery feature's submissions and the quotes
 * feature's comparison: the route composes the three.
 */
export function ApplicationDetailsRoute() {
  return <ApplicationDetailsPage SubmissionList={SubmissionList} Quotes={QuotesSection} />
}
