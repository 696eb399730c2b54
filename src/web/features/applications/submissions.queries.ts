import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Application } from '#shared/contracts/applications.contract.ts'
import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import { markSubmissionSentCall, retrySubmissionCall } from '#shared/contracts/carrier-delivery.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { applicationKeys, useRefreshAfterApplicationChange } from './applications.queries.ts'

/** Puts the changed submission in the open details at once, then refreshes the lists and stats. */
function useApplySubmissionChange(applicationId: string) {
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
export function useRetrySubmission(applicationId: string) {
  const apply = useApplySubmissionChange(applicationId)
  return useMutation({
    mutationFn: (submissionId: string) => callApi(retrySubmissionCall, { params: { id: submissionId } }),
    onSuccess: apply,
  })
}

/** The agent sent a PDF or manual carrier its packet. */
export function useMarkSubmissionSent(applicationId: string) {
  const apply = useApplySubmissionChange(applicationId)
  return useMutation({
    mutationFn: ({
      submissionId,
      confirmationNumber,
    }: {
      submissionId: string
      confirmationNumber: string
    }) =>
      callApi(markSubmissionSentCall, {
        params: { id: submissionId },
        body: { confirmationNumber: confirmationNumber.trim() || undefined },
      }),
    onSuccess: apply,
  })
}
