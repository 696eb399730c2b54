import type { Carrier } from '#shared/contracts/carriers.contract.ts'
import type { WizardForm } from './wizard-field.tsx'
import { WizardSelect } from './wizard-field.tsx'

/** Specific submission: a primary carrier (required) and an optional secondary one. */
export function SpecificCarrierFields({
  form,
  carriers,
}: {
  form: WizardForm
  carriers: readonly Carrier[]
}) {
  const primary = form.watch('carrierId')
  const options = carriers.map((carrier) => ({
    value: carrier.id,
    label: `${carrier.name} (${carrier.code})`,
  }))
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <WizardSelect
        form={form}
        name="carrierId"
        label="Primary carrier"
        placeholder="Choose a carrier..."
        options={options}
      />
      <WizardSelect
        form={form}
        name="secondaryCarrierId"
        label="Secondary carrier (optional)"
        placeholder="None"
        options={options.filter((option) => option.value !== primary)}
      />
    </div>
  )
}
