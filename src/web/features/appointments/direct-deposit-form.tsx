import { useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  ACCOUNT_NUMBER_MAX,
  ACCOUNT_TYPES,
  BANKS,
  DIRECT_DEPOSIT_TEXTS,
  type DirectDeposit,
} from '#shared/contracts/appointments-direct-deposit.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Select } from '#web/components/select.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useSaveDirectDeposit } from './appointments.queries.ts'
import {
  bankChoiceOf,
  DIRECT_DEPOSIT_FIELDS,
  type DirectDepositBody,
  directDepositDefaults,
  directDepositResolver,
  OTHER_BANK,
} from './direct-deposit-values.ts'
import { CheckboxField, TextField } from './form-fields.tsx'

const D = DIRECT_DEPOSIT_TEXTS
const BANK_OPTIONS = BANKS.map((bank) => ({ value: bank, label: bank }))
const ACCOUNT_TYPE_LABELS = { checking: 'Checking', savings: 'Savings' } as const

/** Spec §3 Direct deposit; saving replaces the agent's one account (PUT). */
export function DirectDepositForm({ saved }: { saved: DirectDeposit | null }) {
  const save = useSaveDirectDeposit()
  const form = useForm({ resolver: directDepositResolver, defaultValues: directDepositDefaults(saved) })
  // 'Other' is a choice in the list, not a bank: it opens a box for the bank's own name.
  const [bankChoice, setBankChoice] = useState(() => bankChoiceOf(saved?.bankName ?? ''))
  const errors = form.formState.errors

  function chooseBank(choice: string) {
    setBankChoice(choice)
    form.setValue('bankName', choice === OTHER_BANK ? '' : choice, {
      shouldValidate: form.formState.isSubmitted,
    })
  }

  function submit(values: DirectDepositBody) {
    save.mutate(values, {
      onSuccess: (answer) => {
        showToast({ title: D.saved, variant: 'success' })
        // The numbers leave the page once saved: the saved account shows them masked.
        form.reset(directDepositDefaults(answer))
      },
      onError: (error) => {
        applyFieldErrors(error, DIRECT_DEPOSIT_FIELDS, form.setError)
        showToast({
          title: D.saveFailed,
          description: isApiError(error) ? error.message : undefined,
          variant: 'destructive',
        })
      },
    })
  }

  return (
    <form noValidate aria-label="Direct deposit" onSubmit={form.handleSubmit(submit)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="dd-bank"
          label="Bank"
          error={bankChoice === OTHER_BANK ? undefined : errors.bankName?.message}
        >
          {(control) => (
            <Select
              {...control}
              value={bankChoice}
              onChange={(event) => chooseBank(event.target.value)}
              options={BANK_OPTIONS}
              placeholder="Select your bank"
            />
          )}
        </Field>
        {bankChoice === OTHER_BANK && (
          <TextField
            id="dd-bank-name"
            label="Bank name"
            error={errors.bankName?.message}
            registration={form.register('bankName')}
            maxLength={100}
          />
        )}
        <fieldset className="grid gap-1.5 sm:col-span-2">
          <legend className="text-sm font-medium text-slate-800">Account type</legend>
          <div className="flex flex-wrap gap-6">
            {ACCOUNT_TYPES.map((type) => (
              <label
                key={type}
                className="flex min-h-11 cursor-pointer items-center gap-2 text-sm sm:min-h-9"
              >
                <input
                  type="radio"
                  value={type}
                  className="size-5 accent-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700"
                  {...form.register('accountType')}
                />
                {ACCOUNT_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          id="dd-routing"
          label="Routing number"
          error={errors.routingNumber?.message}
          registration={form.register('routingNumber')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
        />
        <TextField
          id="dd-holder"
          label="Account holder name"
          error={errors.accountHolderName?.message}
          registration={form.register('accountHolderName')}
          autoComplete="name"
          maxLength={120}
        />
        <TextField
          id="dd-account"
          label="Account number"
          error={errors.accountNumber?.message}
          registration={form.register('accountNumber')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={ACCOUNT_NUMBER_MAX}
        />
        <TextField
          id="dd-confirm"
          label="Confirm account number"
          error={errors.confirmAccountNumber?.message}
          registration={form.register('confirmAccountNumber')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={ACCOUNT_NUMBER_MAX}
        />
      </div>
      <CheckboxField
        id="dd-terms"
        label="I authorize carriers to deposit my commissions into this account"
        error={errors.agreeToTerms?.message}
        registration={form.register('agreeToTerms')}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Direct Deposit'}
        </Button>
      </div>
    </form>
  )
}
