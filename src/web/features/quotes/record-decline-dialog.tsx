import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { type QuoteComparison, recordDeclineCall } from '#shared/contracts/quotes.contract.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Select } from '#web/components/select.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { applyIssues } from './contract-issues.ts'
import { type DeclineEntry, useRecordDecline } from './quotes.queries.ts'

type DeclineForm = { carrierId: string; reason: string }

/** A carrier's no, by email, letter or phone, with its reason: it stands beside the quotes. */
export function RecordDeclineDialog({
  applicationId,
  carriers,
  onClose,
}: {
  applicationId: string
  carriers: QuoteComparison['carriers']
  onClose: () => void
}) {
  const id = useId()
  const decline = useRecordDecline(applicationId)
  const form = useForm<DeclineForm>({ defaultValues: { carrierId: carriers[0]?.id ?? '', reason: '' } })
  const { errors } = form.formState
  const submit = form.handleSubmit((values) => {
    const entry = recordDeclineCall.body.safeParse(values)
    if (!entry.success) return applyIssues(entry.error, form.setError)
    decline.mutate(entry.data as DeclineEntry, {
      onSuccess: () => {
        showToast({ title: 'Decline recorded', variant: 'success' })
        onClose()
      },
      onError: (error) => {
        applyFieldErrors(error, ['carrierId', 'reason'], form.setError)
        showToast({
          title: 'The decline was not saved',
          description: isApiError(error) && error.status < 500 ? error.message : undefined,
          variant: 'destructive',
        })
      },
    })
  })
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Record decline"
      description="A carrier that will not quote this application, and why."
      submitLabel="Record decline"
      pending={decline.isPending}
      onSubmit={submit}
    >
      <Field id={`${id}-carrier`} label="Carrier" error={errors.carrierId?.message} className="sm:col-span-2">
        {(control) => (
          <Select
            {...control}
            options={carriers.map((carrier) => ({ value: carrier.id, label: carrier.name }))}
            {...form.register('carrierId')}
          />
        )}
      </Field>
      <Field id={`${id}-reason`} label="Reason" error={errors.reason?.message} className="sm:col-span-2">
        {(control) => <Textarea {...control} rows={3} maxLength={500} {...form.register('reason')} />}
      </Field>
    </FormDialog>
  )
}
