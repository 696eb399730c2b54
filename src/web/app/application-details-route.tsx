import { ApplicationDetailsPage } from '#web/features/applications/application-details-page.tsx'
import { SubmissionList } from '#web/features/carrier-delivery/submission-list.tsx'

/** The application's details show the carrier-delivery feature's submissions: the route composes the two. */
export function ApplicationDetailsRoute() {
  return <ApplicationDetailsPage SubmissionList={SubmissionList} />
}
