import { useId, useState } from 'react'
import type { CommissionException } from '#shared/contracts/commissions-statements.contract.ts'
import {
  EXCEPTION_ACTION_LABELS,
  type ExceptionAction,
  STATEMENT_TEXTS as T,
} from '#shared/contracts/commissions-statements-texts.ts'
import { Alert } from '#web/components/alert.tsx'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useResolveException } from './commission-exceptions.queries.ts'
import { describeException, moneyOrDash } from './exception-display.tsx'
import { ACTION_DESCRIPTIONS, EXCEPTION_WORDS as W } from './exception-texts.ts'
import { MatchCandidates, type MatchChoice } from './match-candidates.tsx'

/** The exception and the action chosen for it in its menu. */
export interface Resolving {
  exception: CommissionException
  action: ExceptionAction
}

interface ResolveExceptionDialogProps {
  /** Kept while the dialog closes, so its words do not change as it goes. */
  resolving: Resolving | null
  open: boolean
  onOpenChange: (open: boolean) => void
}

type Errors = { policyId?: string; expectedCommissionId?: string; note?: string; form?: string }

const NOTE_LIMIT = 1000

/**
 * One action on one exception, with an optional note; a match also picks the policy (and the
 * expected commission) from the carrier's. The server's refusals land on the part they are about.
 */
export function ResolveExceptionDialog({ resolving, open, onOpenChange }: ResolveExceptionDialogProps) {
  const id = useId()
  const resolve = useResolveException()
  const [note, setNote] = useState('')
  const [choice, setChoice] = useState<MatchChoice>({ expectedCommissionId: '' })
  const [errors, setErrors] = useState<Errors>({})
  const close = (open: boolean) => {
    if (!open) {
      setNote('')
      setChoice({ expectedCommissionId: '' })
      setErrors({})
    }
    onOpenChange(open)
  }
  const exception = resolving?.exception
  const action = resolving?.action ?? 'write_off'
  const submit = () => {
    if (!exception) return
    if (action === 'match' && !choice.policyId) return setErrors({ policyId: T.choosePolicy })
    if (note.trim().length > NOTE_LIMIT) return setErrors({ note: T.noteTooLong })
    resolve.mutate(
      {
        id: exception.id,
        input: {
          action,
          ...(action === 'match' && { policyId: choice.policyId }),
          ...(action === 'match' &&
            choice.expectedCommissionId && { expectedCommissionId: choice.expectedCommissionId }),
          ...(note.trim() && { note: note.trim() }),
        },
      },
      {
        onSuccess: () => {
          showToast({ title: W.resolved_toast, variant: 'success' })
          close(false)
        },
        onError: (failure) => setErrors(errorsOf(failure)),
      },
    )
  }
  return (
    <FormDialog
      open={open && resolving !== null}
      onOpenChange={close}
      title={`${EXCEPTION_ACTION_LABELS[action]}: ${exception ? describeException(exception) : ''}`}
      description={ACTION_DESCRIPTIONS[action]}
      submitLabel={EXCEPTION_ACTION_LABELS[action]}
      pending={resolve.isPending}
      onSubmit={submit}
    >
      {exception && (
        <div className="grid gap-1 rounded-md bg-slate-50 p-3 text-sm sm:col-span-2">
          <p className="text-slate-800">{exception.reason}</p>
          <p className="text-slate-600">
            {W.paid} {moneyOrDash(exception.paidAmount)} · {W.expected}{' '}
            {moneyOrDash(exception.expectedAmount)} · {exception.carrierName}
          </p>
        </div>
      )}
      {errors.form && (
        <Alert tone="error" className="sm:col-span-2">
          {errors.form}
        </Alert>
      )}
      {exception && action === 'match' && (
        <MatchCandidates exceptionId={exception.id} choice={choice} onChange={setChoice} errors={errors} />
      )}
      <Field id={`${id}-note`} label={W.note} error={errors.note} className="sm:col-span-2">
        {(control) => (
          <Textarea
            {...control}
            value={note}
            placeholder={W.notePlaceholder}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </Field>
    </FormDialog>
  )
}

/** Field refusals on their fields; anything else (already resolved, not allowed) above the form. */
function errorsOf(failure: unknown): Errors {
  if (!isApiError(failure) || failure.status >= 500) return { form: W.resolveFailed }
  const errors: Errors = {}
  for (const field of failure.fieldErrors) {
    if (field.path === 'policyId' || field.path === 'expectedCommissionId' || field.path === 'note') {
      errors[field.path] = field.message
    }
  }
  return Object.keys(errors).length > 0 ? errors : { form: failure.message }
}
