import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { bindQuoteCall, type ComparedQuote, QUOTE_TEXTS } from '#shared/contracts/quotes.contract.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { formatCents } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { applyIssues } from './contract-issues.ts'
import { type BindEntry, policyPath, useBindQuote } from './quotes.queries.ts'

type BindForm = { effectiveDate: string; policyNumber: string }

export const BIND_TEXTS = {
  bound: 'Quote bound',
  failed: 'The quote was not bound',
  apiHint: 'Optional: the carrier answers its own number once it binds, and the policy takes it.',
} as const

/**
 * Binds one quote: the policy is made from it with nothing typed again. A carrier on the API is
 * sent the bind request and answers the policy number; any other's number is the agent's to give.
 */
export function BindQuoteDialog({
  applicationId,
  quote,
  onClose,
}: {
  applicationId: string
  quote: ComparedQuote
  onClose: () => void
}) {
  const id = useId()
  const navigate = useNavigate()
  const bind = useBindQuote(applicationId)
  const onApi = quote.submissionMethod === 'api'
  const form = useForm<BindForm>({
    defaultValues: { effectiveDate: quote.effectiveDate ?? '', policyNumber: '' },
  })
  const { errors } = form.formState
  const submit = form.handleSubmit((values) => {
    const policyNumber = values.policyNumber.trim()
    if (!onApi && !policyNumber)
      return form.setError(
        'policyNumber',
        { message: QUOTE_TEXTS.policyNumberRequired },
        { shouldFocus: true },
      )
    const entry = bindQuoteCall.body.safeParse({
      effectiveDate: values.effectiveDate,
      policyNumber: policyNumber || undefined,
    })
    if (!entry.success) return applyIssues(entry.error, form.setError)
    bind.mutate(
      { quoteId: quote.id, bind: entry.data as BindEntry },
      {
        onSuccess: (policy) => {
          showToast({
            title: BIND_TEXTS.bound,
            description: `Policy ${policy.policyNumber}`,
            variant: 'success',
          })
          onClose()
          void navigate(policyPath(policy.id))
        },
        onError: (error) => {
          applyFieldErrors(error, ['effectiveDate', 'policyNumber'], form.setError)
          showToast({
            title: BIND_TEXTS.failed,
            description: isApiError(error) && error.status < 500 ? error.message : undefined,
            variant: 'destructive',
          })
        },
      },
    )
  })
  const premium =
    quote.premium === null ? '' : ` at ${formatCents(quote.premium)} for ${quote.termMonths} months`
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Bind ${quote.carrierName}’s quote`}
      description={`The policy is made from this quote${premium}; the application's other quotes are marked not taken.`}
      submitLabel="Bind quote"
      pending={bind.isPending}
      onSubmit={submit}
    >
      <Field id={`${id}-effective`} label="Effective date" error={errors.effectiveDate?.message}>
        {(control) => <Input {...control} type="date" {...form.register('effectiveDate')} />}
      </Field>
      <Field
        id={`${id}-number`}
        label={onApi ? 'Policy number (optional)' : 'Policy number'}
        hint={onApi ? BIND_TEXTS.apiHint : undefined}
        error={errors.policyNumber?.message}
      >
        {(control) => <Input {...control} maxLength={60} {...form.register('policyNumber')} />}
      </Field>
    </FormDialog>
  )
}
