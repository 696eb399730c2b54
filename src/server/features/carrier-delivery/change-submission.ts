import type { Executor } from '#server/db/connect.ts'
import type { SubmissionStatus } from '#shared/domain/submission-status.ts'
import * as repository from './carrier-delivery.repository.ts'

/** Who caused a change: delivery, the carrier, or the agent. */
export type ChangeSource = 'delivery' | 'carrier' | 'agent'

export interface SubmissionChange extends repository.SubmissionColumns {
  source: ChangeSource
}

/** What a submission's history says when it is queued. */
export const QUEUED_TEXTS = {
  first: 'Queued for delivery',
  again: 'Queued again for delivery',
} as const

/**
 * Moves a submission to a new status in the caller's transaction. Only a change of status goes
 * into its history: the same status again (a retry that failed once more) updates the row alone.
 */
export async function changeSubmission(
  executor: Executor,
  submission: Pick<repository.SubmissionRow, 'id' | 'agencyId' | 'status'>,
  change: SubmissionChange,
): Promise<void> {
  const { source, ...columns } = change
  await repository.updateSubmission(executor, submission, columns)
  if (change.status === submission.status) return
  await repository.insertStatusChanges(executor, [
    {
      agencyId: submission.agencyId,
      submissionId: submission.id,
      fromStatus: submission.status,
      toStatus: change.status,
      source,
      message: change.message,
    },
  ])
}

/** The first entry of each submission's history, or its entry when queued again (it had a status). */
export function recordQueued(
  executor: Executor,
  agencyId: string,
  submissions: { id: string; status?: SubmissionStatus }[],
  source: ChangeSource,
): Promise<void> {
  return repository.insertStatusChanges(
    executor,
    submissions.map((submission) => ({
      agencyId,
      submissionId: submission.id,
      fromStatus: submission.status ?? null,
      toStatus: 'queued' as const,
      source,
      message: submission.status ? QUEUED_TEXTS.again : QUEUED_TEXTS.first,
    })),
  )
}
