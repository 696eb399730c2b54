import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useController, useForm } from 'react-hook-form'
import { type Policy, type PolicyInput, PolicyInputSchema } from '#shared/contracts/policies.contract.ts'
import { INSURANCE_TYPE_LABELS, INSURANCE_TYPES } from '#shared/domain/insurance-types.ts'
import { addMonths } from '#shared/domain/policy-ledger.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select, type SelectOption } from '#web/components/select.tsx'
import { carriersQuery } from '#web/features/carriers/carriers.queries.ts'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { amountOf, contractResolver } from '#web/lib/contract-resolver.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { ClientPicker } from './client-picker.tsx'
import { producersQuery, useCreatePolicy } from './policies.queries.ts'
import { POLICY_WORDS, today } from './policy-display.ts'

type PolicyForm = { [K in keyof PolicyInput]-?: string }
const FIELDS = Object.keys(PolicyInputSchema.shape) as (keyof PolicyForm)[]

const LINE_OPTIONS = INSURANCE_TYPES.map((value) => ({ value, label: INSURANCE_TYPE_LABELS[value] }))

const resolver = contractResolver<PolicyForm, PolicyInput>(PolicyInputSchema, (values) => ({
  ...values,
  annualPremium: amountOf(values.annualPremium),
  producerUserId: values.producerUserId || null,
}))

function emptyForm(): PolicyForm {
  const effectiveDate = today()
  return {
    policyNumber: '',
    clientId: '',
    carrierId: '',
    lineOfBusiness: '',
    effectiveDate,
    expirationDate: addMonths(effectiveDate, 12),
    annualPremium: '',
    producerUserId: '',
  }
}

interface AddPolicyDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (policy: Policy) => void
}

/** Enter a policy the agency already holds (written before this app, or bound elsewhere). */
export function AddPolicyDialog({ open, onOpenChange, onCreated }: AddPolicyDialogProps) {
  const id = useId()
  const create = useCreatePolicy()
  const carriers = useQuery(carriersQuery)
  const producers = useQuery(producersQuery)
  const form = useForm<PolicyForm, unknown, PolicyInput>({ resolver, defaultValues: emptyForm() })
  const client = useController({ control: form.control, name: 'clientId' })
  const { errors } = form.formState
  const close = (next: boolean) => {
    if (!next) form.reset(emptyForm())
    onOpenChange(next)
  }
  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (policy) => {
        showToast({ title: POLICY_WORDS.added, description: policy.policyNumber, variant: 'success' })
        close(false)
        onCreated(policy)
      },
      onError: (error) => {
        applyFieldErrors(error, FIELDS, form.setError)
        showToast({
          title: POLICY_WORDS.addFailed,
          description: isApiError(error) && error.status < 500 ? error.message : undefined,
          variant: 'destructive',
        })
      },
    }),
  )
  const carrierOptions = (carriers.data ?? [])
    .filter((carrier) => carrier.isActive)
    .map((carrier) => ({ value: carrier.id, label: carrier.name }))
    .sort((a, b) => a.label.localeCompare(b.label))
  const producerOptions = (producers.data ?? [])
    .filter((user) => !user.disabled)
    .map((user) => ({ value: user.id, label: user.name }))
  const text = (
    name: keyof PolicyForm,
    label: string,
    props: { type?: string; inputMode?: 'decimal' } = {},
  ) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(control) => <Input {...control} autoComplete="off" {...props} {...form.register(name)} />}
    </Field>
  )
  const select = (
    name: keyof PolicyForm,
    label: string,
    placeholder: string,
    options: readonly SelectOption[],
  ) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(control) => (
        <Select {...control} placeholder={placeholder} options={options} {...form.register(name)} />
      )}
    </Field>
  )
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Add policy"
      description="Enter a policy your agency already holds: its number, insured, carrier, term and premium."
      submitLabel="Add policy"
      pending={create.isPending}
      onSubmit={submit}
    >
      {text('policyNumber', 'Policy number')}
      {select('lineOfBusiness', 'Line of business', 'Choose a line...', LINE_OPTIONS)}
      <ClientPicker
        id={`${id}-clientId`}
        value={client.field.value}
        onChange={client.field.onChange}
        selectRef={client.field.ref}
        error={errors.clientId?.message}
      />
      {select(
        'carrierId',
        'Carrier',
        carriers.isPending ? 'Loading carriers...' : 'Choose a carrier...',
        carrierOptions,
      )}
      {select('producerUserId', 'Producer (optional)', 'None', producerOptions)}
      {text('effectiveDate', 'Effective date', { type: 'date' })}
      {text('expirationDate', 'Expiration date', { type: 'date' })}
      {text('annualPremium', 'Annual premium ($)', { inputMode: 'decimal' })}
    </FormDialog>
  )
}
