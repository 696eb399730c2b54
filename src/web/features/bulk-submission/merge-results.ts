import type { SubmissionResult } from '#shared/contracts/bulk-submission.contract.ts'
import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import { outcomeOf } from '#shared/domain/submission-status.ts'

/** The submit answer, brought up to date with the submissions as they stand now. */
export function mergeResults(
  results: readonly SubmissionResult[],
  submissions: readonly CarrierSubmission[] | undefined,
): SubmissionResult[] {
  if (!submissions) return [...results]
  const byId = new Map(submissions.map((submission) => [submission.id, submission]))
  return results.map((result) => {
    const current = byId.get(result.submissionId)
    if (!current) return result
    return {
      ...result,
      status: outcomeOf(current.status),
      deliveryStatus: current.status,
      message: current.message ?? result.message,
      confirmationNumber: current.confirmationNumber ?? result.confirmationNumber,
    }
  })
}

export function hasPending(results: readonly Pick<SubmissionResult, 'status'>[]): boolean {
  return results.some((result) => result.status === 'pending')
}
