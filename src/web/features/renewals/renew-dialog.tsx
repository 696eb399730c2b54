import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { RenewalDetails } from '#shared/contracts/renewals.contract.ts'
import { type RenewInput, RenewInputSchema } from '#shared/contracts/renewals-outcomes.contract.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { contractResolver } from '#web/lib/contract-resolver.ts'
import { formatCents } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { toastFailure } from './renewal-dialog.ts'
import { isNewCarrier, needsPolicyNumber, type RenewalOption, type RenewOutcome } from './renewal-options.ts'
import { fill, RENEWAL_WORDS as W } from './renewal-texts.ts'
import { useRenewRenewal } from './renewals.queries.ts'

type RenewForm = { policyNumber: string }

interface RenewDialogProps {
  renewal: RenewalDetails
  option: RenewalOption
  onClose: () => void
  onRenewed: (outcome: RenewOutcome) => void
}

/**
 * Renews with the carrier's offer or one quote. A quote of a new carrier that is not on the API
 * asks for the policy number that carrier gave; the contract refuses an empty one with its message.
 */
export function RenewDialog({ renewal, option, onClose, onRenewed }: RenewDialogProps) {
  const id = useId()
  const renew = useRenewRenewal(renewal.id)
  const asksNumber = needsPolicyNumber(option, renewal)
  const form = useForm<RenewForm, unknown, RenewInput>({
    resolver: contractResolver<RenewForm, RenewInput>(RenewInputSchema, (values) => ({
      quoteId: option.quote?.id,
      policyNumber: asksNumber ? values.policyNumber : undefined,
    })),
    defaultValues: { policyNumber: '' },
  })
  const { errors } = form.formState
  const submit = form.handleSubmit((input) =>
    renew.mutate(input, {
      onSuccess: ({ policyId, newPolicy }) => {
        showToast({ title: W.renewed, variant: 'success' })
        onRenewed({ policyId, newPolicy })
        onClose()
      },
      onError: (error) => {
        applyFieldErrors(error, ['policyNumber'], form.setError)
        toastFailure(W.renewFailed, error)
      },
    }),
  )
  const premium = option.annualPremium === null ? '' : formatCents(option.annualPremium)
  const description = fill(option.quote ? W.renewQuoteDescription : W.renewOfferDescription, {
    carrier: option.carrierName,
    premium,
  })
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={W.renewTitle}
      description={
        isNewCarrier(option, renewal)
          ? `${description} ${fill(W.renewNewCarrier, { carrier: option.carrierName })}`
          : description
      }
      submitLabel={W.renew}
      pending={renew.isPending}
      onSubmit={submit}
    >
      {asksNumber && (
        <Field
          id={`${id}-policyNumber`}
          label={W.policyNumber}
          hint={fill(W.policyNumberHint, { carrier: option.carrierName })}
          error={errors.policyNumber?.message}
          className="sm:col-span-2"
        >
          {(control) => (
            <Input {...control} autoComplete="off" maxLength={60} {...form.register('policyNumber')} />
          )}
        </Field>
      )}
    </FormDialog>
  )
}
