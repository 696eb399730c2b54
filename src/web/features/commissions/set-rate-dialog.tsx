import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import {
  type SetCommissionRateInput,
  SetCommissionRateSchema,
  COMMISSION_TEXTS as T,
} from '#shared/contracts/commissions.contract.ts'
import { INSURANCE_TYPE_LABELS, INSURANCE_TYPES } from '#shared/domain/insurance-types.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { carriersQuery } from '#web/features/carriers/carriers.queries.ts'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { amountOf, contractResolver } from '#web/lib/contract-resolver.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { todayInput } from './commission-display.ts'
import { useSetRate } from './commissions.queries.ts'

type RateForm = { [K in keyof Required<SetCommissionRateInput>]: string }
const FIELDS: (keyof RateForm)[] = [
  'carrierId',
  'lineOfBusiness',
  'newBusinessRate',
  'renewalRate',
  'effectiveFrom',
]

const resolver = contractResolver<RateForm, SetCommissionRateInput>(SetCommissionRateSchema, (values) => ({
  carrierId: values.carrierId || null,
  lineOfBusiness: values.lineOfBusiness || null,
  newBusinessRate: amountOf(values.newBusinessRate),
  renewalRate: amountOf(values.renewalRate),
  effectiveFrom: values.effectiveFrom,
}))

const LINE_OPTIONS = INSURANCE_TYPES.map((type) => ({ value: type, label: INSURANCE_TYPE_LABELS[type] }))

/** The carrier and line a rate is for, and what it was: the form starts from them when changing one. */
export interface RateStart {
  carrierId: string | null
  lineOfBusiness: string | null
  newBusinessRate?: number | null
  renewalRate?: number | null
}

function startOf(rate?: RateStart): RateForm {
  return {
    carrierId: rate?.carrierId ?? '',
    lineOfBusiness: rate?.lineOfBusiness ?? '',
    newBusinessRate: rate?.newBusinessRate == null ? '' : String(rate.newBusinessRate),
    renewalRate: rate?.renewalRate == null ? '' : String(rate.renewalRate),
    effectiveFrom: todayInput(),
  }
}

interface SetRateDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  start?: RateStart
}

/** A carrier and line's rates from a date on; the date keeps past terms at the rate they were written at. */
export function SetRateDialog({ open, onOpenChange, start }: SetRateDialogProps) {
  const id = useId()
  const carriers = useQuery({ ...carriersQuery, enabled: open })
  const save = useSetRate()
  const form = useForm<RateForm, unknown, SetCommissionRateInput>({ resolver, values: startOf(start) })
  const { errors } = form.formState
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        showToast({ title: T.rateSaved, variant: 'success' })
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
  const carrierOptions = (carriers.data ?? []).map((carrier) => ({ value: carrier.id, label: carrier.name }))
  const field = (name: keyof RateForm) => `${id}-${name}`
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Set a commission rate"
      description="Terms that start on or after the date earn these rates; earlier terms keep theirs."
      submitLabel="Save rate"
      pending={save.isPending}
      onSubmit={submit}
    >
      <Field id={field('carrierId')} label="Carrier" error={errors.carrierId?.message}>
        {(control) => (
          <Select
            {...control}
            options={carrierOptions}
            placeholder={T.allCarriers}
            {...form.register('carrierId')}
          />
        )}
      </Field>
      <Field id={field('lineOfBusiness')} label="Line of business" error={errors.lineOfBusiness?.message}>
        {(control) => (
          <Select
            {...control}
            options={LINE_OPTIONS}
            placeholder={T.allLines}
            {...form.register('lineOfBusiness')}
          />
        )}
      </Field>
      <Field id={field('newBusinessRate')} label="New business (%)" error={errors.newBusinessRate?.message}>
        {(control) => (
          <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('newBusinessRate')} />
        )}
      </Field>
      <Field id={field('renewalRate')} label="Renewal (%)" error={errors.renewalRate?.message}>
        {(control) => (
          <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('renewalRate')} />
        )}
      </Field>
      <Field id={field('effectiveFrom')} label="Effective from" error={errors.effectiveFrom?.message}>
        {(control) => <Input {...control} type="date" {...form.register('effectiveFrom')} />}
      </Field>
    </FormDialog>
  )
}
