import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Application } from '#shared/contracts/applications.contract.ts'
import { type CallBody, routeOf } from '#shared/contracts/call.ts'
import type {
  CarrierSubmission,
  getCarrierConnectionCall,
  markSubmissionSentCall,
  retrySubmissionCall,
  updateCarrierConnectionCall,
} from '#shared/contracts/carrier-delivery.contract.ts'
import {
  applicationKeys,
  useRefreshAfterApplicationChange,
} from '#web/features/applications/applications.queries.ts'
import { carrierKeys } from '#web/features/carriers/carriers.queries.ts'
import { callApi } from '#web/lib/api.ts'

const getCarrierConnectionRoute = routeOf<typeof getCarrierConnectionCall>(
  'GET',
  '/api/carriers/:id/connection',
)
const markSubmissionSentRoute = routeOf<typeof markSubmissionSentCall>(
  'POST',
  '/api/submissions/:id/mark-sent',
)
const retrySubmissionRoute = routeOf<typeof retrySubmissionCall>('POST', '/api/submissions/:id/retry')
const updateCarrierConnectionRoute = routeOf<typeof updateCarrierConnectionCall>(
  'PUT',
  '/api/carriers/:id/connection',
)

/** What a page does with a submission the agent changed: put it on screen and refresh what shows it. */
export type OnSubmissionChanged = (changed: CarrierSubmission) => unknown

/** Puts the changed submission in the open details at once, then refreshes the lists and stats. */
export function useApplySubmissionChange(applicationId: string): OnSubmissionChanged {
  const queryClient = useQueryClient()
  const refresh = useRefreshAfterApplicationChange()
  return (changed: CarrierSubmission) => {
    queryClient.setQueryData<Application>(applicationKeys.detail(applicationId), (application) =>
      application
        ? {
            ...application,
            submissions: application.submissions.map((submission) =>
              submission.id === changed.id ? changed : submission,
            ),
          }
        : application,
    )
    return refresh()
  }
}

/** Queues a failed delivery again. */
export function useRetrySubmission(apply: OnSubmissionChanged) {
  return useMutation({
    mutationFn: (submissionId: string) => callApi(retrySubmissionRoute, { params: { id: submissionId } }),
    onSuccess: apply,
  })
}

/** The agent sent a PDF or manual carrier its packet. */
export function useMarkSubmissionSent(apply: OnSubmissionChanged) {
  return useMutation({
    mutationFn: ({
      submissionId,
      confirmationNumber,
    }: {
      submissionId: string
      confirmationNumber: string
    }) =>
      callApi(markSubmissionSentRoute, {
        params: { id: submissionId },
        body: { confirmationNumber: confirmationNumber.trim() || undefined },
      }),
    onSuccess: apply,
  })
}

export const connectionKey = (carrierId: string) => [...carrierKeys.all, 'connection', carrierId] as const

export function carrierConnectionQuery(carrierId: string) {
  return queryOptions({
    queryKey: connectionKey(carrierId),
    queryFn: ({ signal }) => callApi(getCarrierConnectionRoute, { params: { id: carrierId }, signal }),
  })
}

/** Only what changes: an endpoint to keep the secret, `rotateSecret` alone to keep the endpoint. */
export type ConnectionUpdate = CallBody<typeof updateCarrierConnectionCall>

export function useUpdateCarrierConnection(carrierId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (update: ConnectionUpdate) =>
      callApi(updateCarrierConnectionRoute, { params: { id: carrierId }, body: update }),
    // The secret stays in the component that shows it once, never in the cache.
    onSuccess: ({ secret: _secret, ...connection }) =>
      queryClient.setQueryData(connectionKey(carrierId), connection),
  })
}
