import { useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { type Cancellation, CancellationSchema } from '#shared/contracts/policies.contract.ts'
import { CANCELLATION_REASONS } from '#shared/domain/policy-ledger.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { contractResolver } from '#web/lib/contract-resolver.ts'
import { showToast } from '#web/lib/toast-store.ts'
import {
  CANCELLATION_FIELDS,
  type CancellationForm,
  cancellationOf,
  emptyCancellation,
} from './cancellation-form.ts'
import { CancellationMethodField } from './cancellation-method-field.tsx'
import { ReturnPremiumPreview, useCancellationPreview } from './cancellation-preview.tsx'
import { useCancelPolicy } from './policies.queries.ts'
import { CANCELLATION_REASON_LABELS, formatMoney, POLICY_WORDS } from './policy-display.ts'
import type { PolicyDialogProps } from './policy-form.ts'

const REASON_OPTIONS = CANCELLATION_REASONS.map((value) => ({
  value,
  label: CANCELLATION_REASON_LABELS[value],
}))

const resolver = contractResolver<CancellationForm, Cancellation>(CancellationSchema, (values) =>
  cancellationOf(values),
)

/**
 * Cancels the policy. The return premium is worked out by the server as the fields change and
 * shown before the confirm button, which waits for the figure of what is on screen.
 */
export function CancelPolicyDialog({ policy, open, onOpenChange }: PolicyDialogProps) {
  const id = useId()
  const cancel = useCancelPolicy(policy.id)
  const form = useForm<CancellationForm, unknown, Cancellation>({
    resolver,
    defaultValues: emptyCancellation(),
  })
  const values = useWatch({ control: form.control }) as CancellationForm
  const preview = useCancellationPreview(policy.id, cancellationOf(values), open)
  const { errors } = form.formState
  const close = (next: boolean) => {
    if (!next) form.reset(emptyCancellation())
    onOpenChange(next)
  }
  const submit = form.handleSubmit((input) =>
    cancel.mutate(input, {
      onSuccess: ({ returnPremium }) => {
        showToast({
          title: POLICY_WORDS.cancelled,
          description: `${POLICY_WORDS.returnPremium}: ${formatMoney(returnPremium)}`,
          variant: 'success',
        })
        close(false)
      },
      onError: (error) => {
        applyFieldErrors(error, CANCELLATION_FIELDS, form.setError)
        showToast({
          title: POLICY_WORDS.cancelFailed,
          description: isApiError(error) && error.status < 500 ? error.message : undefined,
          variant: 'destructive',
        })
      },
    }),
  )
  const dateError = errors.effectiveDate?.message ?? preview.fieldError('effectiveDate')
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={`Cancel ${policy.policyNumber}`}
      description="A date still ahead leaves the policy pending cancellation until that day."
      submitLabel="Cancel policy"
      cancelLabel="Keep policy"
      submitDisabled={!preview.current}
      pending={cancel.isPending}
      onSubmit={submit}
    >
      <Field id={`${id}-effectiveDate`} label="Effective date" error={dateError}>
        {(control) => <Input {...control} type="date" {...form.register('effectiveDate')} />}
      </Field>
      <Field id={`${id}-reason`} label="Reason" error={errors.reason?.message}>
        {(control) => <Select {...control} options={REASON_OPTIONS} {...form.register('reason')} />}
      </Field>
      <CancellationMethodField
        id={`${id}-method`}
        register={form.register}
        method={values.method}
        penaltyError={errors.penaltyPercent?.message ?? preview.fieldError('penaltyPercent')}
      />
      <Field id={`${id}-note`} label="Note (optional)" className="sm:col-span-2" error={errors.note?.message}>
        {(control) => <Input {...control} maxLength={500} autoComplete="off" {...form.register('note')} />}
      </Field>
      <ReturnPremiumPreview preview={preview} method={values.method} />
    </FormDialog>
  )
}
