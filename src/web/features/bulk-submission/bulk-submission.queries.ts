import { queryOptions, useMutation } from '@tanstack/react-query'
import type {
  listSubmissionsCall,
  recommendationsCall,
  SubmissionResult,
  submitCall,
} from '#shared/contracts/bulk-submission.contract.ts'
import { type CallBody, routeOf } from '#shared/contracts/call.ts'
import {
  applicationKeys,
  useRefreshAfterApplicationChange,
} from '#web/features/applications/applications.queries.ts'
import { callApi } from '#web/lib/api.ts'
import type { RecommendationsBody } from './profile-values.ts'

const listSubmissionsRoute = routeOf<typeof listSubmissionsCall>('GET', '/api/applications/:id/submissions')
const recommendationsRoute = routeOf<typeof recommendationsCall>(
  'POST',
  '/api/bulk-submission/recommendations',
)
const submitRoute = routeOf<typeof submitCall>('POST', '/api/bulk-submission/submit')

export const bulkSubmissionKeys = {
  recommendations: (body: RecommendationsBody) => ['bulk-submission', 'recommendations', body] as const,
  /** Under the application's keys: refreshing the applications refreshes these too. */
  submissions: (applicationId: string) => [...applicationKeys.all, 'submissions', applicationId] as const,
}

export function recommendationsQuery(body: RecommendationsBody) {
  return queryOptions({
    queryKey: bulkSubmissionKeys.recommendations(body),
    queryFn: ({ signal }) => callApi(recommendationsRoute, { body, signal }),
  })
}

export function submissionsQuery(applicationId: string) {
  return queryOptions({
    queryKey: bulkSubmissionKeys.submissions(applicationId),
    queryFn: ({ signal }) =>
      callApi(listSubmissionsRoute, { params: { id: applicationId }, signal }).then(
        (answer) => answer.submissions,
      ),
  })
}

/** The key is made once per click: a retry of the same request sends it again, so the server sends once. */
export type SubmitInput = Pick<CallBody<typeof submitCall>, 'applicationId' | 'carrierIds'> & {
  idempotencyKey: string
}

/** Network failures are retried with the same key; the server's refusals are not. */
const MAX_NETWORK_RETRIES = 2

export function useBulkSubmit(onSubmitted: (results: SubmissionResult[]) => void) {
  const refresh = useRefreshAfterApplicationChange()
  return useMutation({
    mutationFn: ({ applicationId, carrierIds, idempotencyKey }: SubmitInput) =>
      callApi(submitRoute, {
        body: { applicationId, submissionType: 'specific_carriers', carrierIds, idempotencyKey },
      }),
    retry: (failures, error) => error instanceof TypeError && failures < MAX_NETWORK_RETRIES,
    retryDelay: 300,
    onSuccess: (results) => {
      onSubmitted(results)
      return refresh()
    },
  })
}
