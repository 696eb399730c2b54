import { type UseFormReturn, useWatch } from 'react-hook-form'
import type { ClientInput } from '#shared/contracts/clients.contract.ts'
import { FormSuggestions } from '#web/lib/form-assist.tsx'

/** The fields the assistant may fill in the client record: places from ZIP codes, and coverage. */
const SUGGESTED = ['city', 'state', 'mailingCity', 'mailingState', 'preferredCoverage'] as const
/** What it suggests from (only these leave the form; never SSNs or other details). */
const SOURCES = ['zipCode', 'mailingZipCode', 'annualIncome', 'homeOwner', 'budgetRange'] as const

/** The assistant's suggestions for the client being edited, kept up to date as the fields change. */
export function ClientFormSuggestions({ form }: { form: UseFormReturn<ClientInput> }) {
  const names = [...SOURCES, ...SUGGESTED] as const
  const watched = useWatch({ control: form.control, name: [...names] })
  const values = Object.fromEntries(names.map((name, index) => [name, watched[index]]))
  return (
    <FormSuggestions
      formType="client"
      fieldNames={SUGGESTED}
      values={values}
      fill={(name, value) =>
        form.setValue(name as (typeof SUGGESTED)[number], value, { shouldDirty: true, shouldValidate: true })
      }
    />
  )
}
