import { Download, RotateCcw, Send } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import { documentDownloadPath } from '#shared/contracts/documents.contract.ts'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import {
  type OnSubmissionChanged,
  useMarkSubmissionSent,
  useRetrySubmission,
} from './carrier-delivery.queries.ts'

function toastFailure(title: string) {
  return (error: unknown) =>
    showToast({ title, description: isApiError(error) ? error.message : undefined, variant: 'destructive' })
}

/** What the actions need of a submission (an application's, or an appointment's carrier row). */
export type ActionableSubmission = Pick<CarrierSubmission, 'id' | 'status' | 'carrierName' | 'documentId'>

/**
 * What the agent can do with one carrier's copy of a record: fetch its packet, confirm it was
 * sent, retry it. `onChanged` puts the changed submission where the page shows it.
 */
export function SubmissionActions({
  submission,
  onChanged,
}: {
  submission: ActionableSubmission
  onChanged: OnSubmissionChanged
}) {
  const [marking, setMarking] = useState(false)
  const retry = useRetrySubmission(onChanged)
  const canMark = submission.status === 'action_required'
  const canRetry = submission.status === 'failed'
  if (!submission.documentId && !canMark && !canRetry) return null

  function retryDelivery() {
    retry.mutate(submission.id, {
      onSuccess: () =>
        showToast({ title: 'Submission queued', description: `Sending to ${submission.carrierName} again.` }),
      onError: toastFailure('Retry failed'),
    })
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {submission.documentId && (
          <a
            href={documentDownloadPath(submission.documentId)}
            download
            className={buttonClasses('outline', 'sm')}
            aria-label={`Download packet for ${submission.carrierName}`}
          >
            <Download aria-hidden="true" />
            Download packet
          </a>
        )}
        {canMark && !marking && (
          <Button size="sm" onClick={() => setMarking(true)}>
            <Send aria-hidden="true" />
            Mark as sent
          </Button>
        )}
        {canRetry && (
          <Button size="sm" variant="outline" disabled={retry.isPending} onClick={retryDelivery}>
            <RotateCcw aria-hidden="true" />
            {retry.isPending ? 'Retrying...' : 'Retry'}
          </Button>
        )}
      </div>
      {canMark && marking && (
        <MarkSentForm submission={submission} onChanged={onChanged} onDone={() => setMarking(false)} />
      )}
    </div>
  )
}

function MarkSentForm({
  submission,
  onChanged,
  onDone,
}: {
  submission: ActionableSubmission
  onChanged: OnSubmissionChanged
  onDone: () => void
}) {
  const [confirmationNumber, setConfirmationNumber] = useState('')
  const markSent = useMarkSubmissionSent(onChanged)

  function submit(event: FormEvent) {
    event.preventDefault()
    markSent.mutate(
      { submissionId: submission.id, confirmationNumber },
      {
        onSuccess: () => {
          showToast({ title: 'Marked as sent', description: `${submission.carrierName} has the packet.` })
          onDone()
        },
        onError: toastFailure('Could not mark as sent'),
      },
    )
  }

  return (
    <form
      onSubmit={submit}
      aria-label={`Mark ${submission.carrierName} as sent`}
      className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-3"
    >
      <Field id={`confirmation-${submission.id}`} label="Confirmation number (optional)">
        {(control) => (
          <Input
            {...control}
            maxLength={100}
            value={confirmationNumber}
            onChange={(event) => setConfirmationNumber(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={markSent.isPending}>
          {markSent.isPending ? 'Saving...' : 'Confirm sent'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
