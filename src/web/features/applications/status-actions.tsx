import { useState } from 'react'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import { type ApplicationStatus, manualTransitions } from '#shared/domain/application-status.ts'
import { Button, type ButtonVariant } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useUpdateApplication } from './applications.queries.ts'

/** The button for a move, named for what it does from where the application is now. */
export function transitionLabel(from: ApplicationStatus, to: ApplicationStatus): string {
  if (to === 'review') return 'Move to review'
  if (to === 'approved') return 'Approve'
  if (to === 'rejected') return 'Reject'
  if (to === 'draft') return from === 'rejected' ? 'Reopen as draft' : 'Withdraw to draft'
  return from === 'draft' ? 'Submit (mark pending)' : 'Return to pending'
}

export const FINAL_TEXT = 'This application is final.'
export const BOUND_TEXT = 'This application is bound: one of its quotes became a policy.'

const VARIANTS: Partial<Record<ApplicationStatus, ButtonVariant>> = {
  approved: 'primary',
  rejected: 'destructive',
}

/** The moves made by hand from the current status (binding a quote makes the rest), with an optional note. */
export function StatusActions({ id, status }: { id: string; status: ApplicationStatus }) {
  const [note, setNote] = useState('')
  const update = useUpdateApplication(id)
  const moves = manualTransitions(status)
  if (status === 'bound') return <p className="text-sm text-slate-600">{BOUND_TEXT}</p>
  if (moves.length === 0) return <p className="text-sm text-slate-600">{FINAL_TEXT}</p>

  function move(to: ApplicationStatus) {
    update.mutate(
      { status: to, note: note.trim() || undefined },
      {
        onSuccess: () => {
          setNote('')
          showToast({
            title: 'Application updated',
            description: `Status changed to ${to}.`,
            variant: 'success',
          })
        },
        onError: (error) =>
          showToast({
            title: APPLICATION_TEXTS.updateFailed,
            description: isApiError(error) ? error.message : undefined,
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <div className="grid gap-3">
      <Field id="status-note" label="Note (optional)">
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        {moves.map((to) => (
          <Button
            key={to}
            variant={VARIANTS[to] ?? 'outline'}
            disabled={update.isPending}
            onClick={() => move(to)}
          >
            {transitionLabel(status, to)}
          </Button>
        ))}
      </div>
    </div>
  )
}
