import type { SubmissionResult } from '#shared/contracts/bulk-submission.contract.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import { stillDeliveringText } from '#shared/domain/submission-status.ts'
import { showToast } from '#web/lib/toast-store.ts'

/** Spec part 1 §8: '2 successful, 1 failed submissions'. */
export function bulkOutcomeText(results: readonly Pick<SubmissionResult, 'status'>[]): string {
  const successes = results.filter((result) => result.status === 'success').length
  const failures = results.filter((result) => result.status === 'failed').length
  return `${successes} successful, ${failures} failed submissions`
}

/**
 * The applications screen's own toast after a bulk submission; it replaces the modal's (one toast at
 * a time). Destructive when none succeeded, unless some are still pending: those may yet succeed,
 * and the modal reports again once they settle.
 */
export function toastBulkOutcome(results: readonly Pick<SubmissionResult, 'status'>[]): void {
  const noneSucceeded =
    !results.some((result) => result.status === 'success') &&
    !results.some((result) => result.status === 'pending')
  showToast({
    title: noneSucceeded ? BULK_TEXTS.bulkFailed : BULK_TEXTS.completed,
    description: bulkOutcomeText(results) + stillDeliveringText(results),
    variant: noneSucceeded ? 'destructive' : 'success',
  })
}
