import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { QuoteComparison } from '#shared/contracts/quotes.contract.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { applyIssues } from './contract-issues.ts'
import { CoverageRows, useCoverageRows } from './coverage-rows.tsx'
import { QUOTE_FORM_FIELDS, type QuoteForm, toEntry } from './quote-form.ts'
import { type QuoteEntry, useEnterQuote } from './quotes.queries.ts'

/** The quote an email, PDF or manual carrier sent, typed in from its letter, with the letter itself. */
export function EnterQuoteDialog({
  applicationId,
  carriers,
  onClose,
}: {
  applicationId: string
  carriers: QuoteComparison['carriers']
  onClose: () => void
}) {
  const id = useId()
  const enter = useEnterQuote(applicationId)
  const form = useForm<QuoteForm>({
    defaultValues: {
      carrierId: carriers[0]?.id ?? '',
      premium: '',
      termMonths: '12',
      effectiveDate: '',
      quoteNumber: '',
      expiresAt: '',
      coverages: [{ label: '', value: '' }],
      document: null,
    },
  })
  const coverages = useCoverageRows(form)
  const { errors } = form.formState
  const submit = form.handleSubmit((values) => {
    const entry = toEntry(values)
    if (!entry.success) return applyIssues(entry.error, form.setError)
    enter.mutate(
      { quote: entry.data as QuoteEntry, document: values.document?.[0] },
      {
        onSuccess: () => {
          showToast({ title: 'Quote entered', variant: 'success' })
          onClose()
        },
        onError: (error) => {
          applyFieldErrors(error, [...QUOTE_FORM_FIELDS], form.setError)
          // The server names the stored document; the form, the file it came from.
          const documentError =
            isApiError(error) && error.fieldErrors.find((field) => field.path === 'documentId')
          if (documentError) form.setError('document', { message: documentError.message })
          showToast({
            title: 'The quote was not saved',
            description: isApiError(error) && error.status < 500 ? error.message : undefined,
            variant: 'destructive',
          })
        },
      },
    )
  })
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Enter quote"
      description="The quote a carrier sent by email, PDF or letter, as it reads."
      submitLabel="Save quote"
      pending={enter.isPending}
      onSubmit={submit}
    >
      <Field id={`${id}-carrier`} label="Carrier" error={errors.carrierId?.message} className="sm:col-span-2">
        {(control) => (
          <Select
            {...control}
            placeholder={carriers.length === 0 ? 'The application went to no carrier' : undefined}
            options={carriers.map((carrier) => ({ value: carrier.id, label: carrier.name }))}
            {...form.register('carrierId')}
          />
        )}
      </Field>
      <Field id={`${id}-premium`} label="Premium for the term ($)" error={errors.premium?.message}>
        {(control) => <Input {...control} inputMode="decimal" {...form.register('premium')} />}
      </Field>
      <Field id={`${id}-term`} label="Term" error={errors.termMonths?.message}>
        {(control) => (
          <Select
            {...control}
            options={[
              { value: '12', label: '12 months' },
              { value: '6', label: '6 months' },
            ]}
            {...form.register('termMonths')}
          />
        )}
      </Field>
      <Field id={`${id}-effective`} label="Effective date" error={errors.effectiveDate?.message}>
        {(control) => <Input {...control} type="date" {...form.register('effectiveDate')} />}
      </Field>
      <Field id={`${id}-expires`} label="Quote expires" error={errors.expiresAt?.message}>
        {(control) => <Input {...control} type="date" {...form.register('expiresAt')} />}
      </Field>
      <Field id={`${id}-number`} label="Quote number (optional)" error={errors.quoteNumber?.message}>
        {(control) => <Input {...control} maxLength={60} {...form.register('quoteNumber')} />}
      </Field>
      <Field
        id={`${id}-document`}
        label="Quote document (optional)"
        hint="PDF, Word or an image, up to the documents' limit"
        error={errors.document?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".pdf,.doc,.docx,.png,.jpg,.jpeg"
            {...form.register('document')}
          />
        )}
      </Field>
      <CoverageRows id={id} form={form} rows={coverages} />
    </FormDialog>
  )
}
