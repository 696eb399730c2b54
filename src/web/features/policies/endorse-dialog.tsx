import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { endorsePolicyCall } from '#shared/contracts/policies.contract.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { amountOf, contractResolver } from '#web/lib/contract-resolver.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { type EndorsementInput, useEndorsePolicy } from './policies.queries.ts'
import { formatPremiumChange, POLICY_WORDS, today } from './policy-display.ts'
import type { PolicyDialogProps } from './policy-form.ts'

type EndorsementForm = { [K in keyof EndorsementInput]: string }
const FIELDS: (keyof EndorsementForm)[] = ['effectiveDate', 'premiumChange', 'description']

const resolver = contractResolver<EndorsementForm, EndorsementInput>(endorsePolicyCall.body, (values) => ({
  ...values,
  premiumChange: amountOf(values.premiumChange),
}))

const emptyForm = (): EndorsementForm => ({ effectiveDate: today(), premiumChange: '', description: '' })

/** An endorsement: a change to the policy mid-term, with what it adds to or takes from the premium. */
export function EndorseDialog({ policy, open, onOpenChange }: PolicyDialogProps) {
  const id = useId()
  const endorse = useEndorsePolicy(policy.id)
  const form = useForm<EndorsementForm, unknown, EndorsementInput>({ resolver, defaultValues: emptyForm() })
  const { errors } = form.formState
  const close = (next: boolean) => {
    if (!next) form.reset(emptyForm())
    onOpenChange(next)
  }
  const submit = form.handleSubmit((input) =>
    endorse.mutate(input, {
      onSuccess: () => {
        showToast({
          title: POLICY_WORDS.endorsed,
          description: `Premium change ${formatPremiumChange(input.premiumChange)}`,
          variant: 'success',
        })
        close(false)
      },
      onError: (error) => {
        applyFieldErrors(error, FIELDS, form.setError)
        showToast({
          title: POLICY_WORDS.endorseFailed,
          description: isApiError(error) && error.status < 500 ? error.message : undefined,
          variant: 'destructive',
        })
      },
    }),
  )
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={`Endorse ${policy.policyNumber}`}
      description="Record a change to the policy within its current term. The term's premium follows."
      submitLabel="Endorse"
      pending={endorse.isPending}
      onSubmit={submit}
    >
      <Field id={`${id}-effectiveDate`} label="Effective date" error={errors.effectiveDate?.message}>
        {(control) => <Input {...control} type="date" {...form.register('effectiveDate')} />}
      </Field>
      <Field
        id={`${id}-premiumChange`}
        label="Premium change ($)"
        hint="A minus sign for a decrease: -45.50"
        error={errors.premiumChange?.message}
      >
        {(control) => <Input {...control} autoComplete="off" {...form.register('premiumChange')} />}
      </Field>
      <Field
        id={`${id}-description`}
        label="Description"
        className="sm:col-span-2"
        error={errors.description?.message}
      >
        {(control) => <Textarea {...control} rows={3} maxLength={500} {...form.register('description')} />}
      </Field>
    </FormDialog>
  )
}
