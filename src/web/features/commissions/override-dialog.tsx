import { useId } from 'react'
import { useForm } from 'react-hook-form'
import {
  type SetRateOverrideInput,
  SetRateOverrideSchema,
} from '#shared/contracts/commissions-policies.contract.ts'
import { COMMISSION_TEXTS as T } from '#shared/contracts/commissions-texts.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { amountOf, contractResolver } from '#web/lib/contract-resolver.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useSetRateOverride } from './commissions.queries.ts'

type OverrideForm = { [K in keyof Required<SetRateOverrideInput>]: string }
const FIELDS: (keyof OverrideForm)[] = ['newBusinessRate', 'renewalRate', 'effectiveFrom']

/** A blank rate is no override of that kind: the schedule's applies. */
const rateOrNull = (text: string) => (text.trim() === '' ? null : amountOf(text))

const resolver = contractResolver<OverrideForm, SetRateOverrideInput>(SetRateOverrideSchema, (values) => ({
  newBusinessRate: rateOrNull(values.newBusinessRate),
  renewalRate: rateOrNull(values.renewalRate),
  effectiveFrom: values.effectiveFrom,
}))

interface OverrideDialogProps {
  policyId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The form starts from the override in force and the current term's first day. */
  start: OverrideForm
}

/** The policy's own rates from a date on; its terms from then are rated again at once. */
export function OverrideDialog({ policyId, open, onOpenChange, start }: OverrideDialogProps) {
  const id = useId()
  const save = useSetRateOverride(policyId)
  const form = useForm<OverrideForm, unknown, SetRateOverrideInput>({ resolver, values: start })
  const { errors } = form.formState
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        showToast({ title: T.overrideSaved, variant: 'success' })
        onOpenChange(false)
      },
      onError: (error) => {
        applyFieldErrors(error, FIELDS, form.setError)
        showToast({
          title: T.saveFailed,
          description: isApiError(error) && error.status < 500 ? error.message : undefined,
          variant: 'destructive',
        })
      },
    }),
  )
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Policy commission rate"
      description="Terms that start on or after the date earn these rates instead of the schedule’s. Leave a rate blank to keep the schedule’s."
      submitLabel="Save override"
      pending={save.isPending}
      onSubmit={submit}
    >
      <Field id={`${id}-nb`} label="New business (%)" error={errors.newBusinessRate?.message}>
        {(control) => (
          <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('newBusinessRate')} />
        )}
      </Field>
      <Field id={`${id}-renewal`} label="Renewal (%)" error={errors.renewalRate?.message}>
        {(control) => (
          <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('renewalRate')} />
        )}
      </Field>
      <Field id={`${id}-from`} label="Effective from" error={errors.effectiveFrom?.message}>
        {(control) => <Input {...control} type="date" {...form.register('effectiveFrom')} />}
      </Field>
    </FormDialog>
  )
}
