import { CONTACT_METHODS, GENDERS, MARITAL_STATUSES } from '#shared/contracts/clients.contract.ts'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/tabs.tsx'
import { ExistingClientPicker } from './existing-client-picker.tsx'
import { asOptions, type WizardForm, WizardInput, WizardSelect } from './wizard-field.tsx'
import { ClientStepSuggestions } from './wizard-suggestions.tsx'

const REQUIRED = [
  ['firstName', 'First name', 'text', 'given-name'],
  ['lastName', 'Last name', 'text', 'family-name'],
  ['email', 'Email', 'email', 'email'],
  ['phone', 'Phone', 'tel', 'tel'],
  ['dateOfBirth', 'Date of birth', 'date', 'bday'],
  ['ssn', 'SSN', 'text', 'off'],
  ['address', 'Address', 'text', 'street-address'],
  ['city', 'City', 'text', 'address-level2'],
  ['state', 'State', 'text', 'address-level1'],
  ['zipCode', 'ZIP code', 'text', 'postal-code'],
] as const

/** Step 2: an existing client, or a new one's personal fields. */
export function ClientStep({ form }: { form: WizardForm }) {
  const mode = form.watch('clientMode')
  return (
    <Tabs
      defaultValue="new"
      value={mode}
      onValueChange={(value) => form.setValue('clientMode', value === 'existing' ? 'existing' : 'new')}
    >
      <TabsList aria-label="Client">
        <TabsTrigger value="new">New client</TabsTrigger>
        <TabsTrigger value="existing">Existing client</TabsTrigger>
      </TabsList>
      <TabsContent value="new">
        <NewClientFields form={form} />
      </TabsContent>
      <TabsContent value="existing">
        <ExistingClientPicker form={form} />
      </TabsContent>
    </Tabs>
  )
}

function NewClientFields({ form }: { form: WizardForm }) {
  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-slate-900">
          Personal information (all required)
        </legend>
        {REQUIRED.map(([name, label, type, autoComplete]) => (
          <WizardInput
            key={name}
            form={form}
            name={`clientData.${name}`}
            label={label}
            type={type}
            autoComplete={autoComplete}
            placeholder={name === 'ssn' ? '123-45-6789' : undefined}
            inputMode={name === 'ssn' || name === 'zipCode' ? 'numeric' : undefined}
            className={name === 'address' ? 'sm:col-span-2' : undefined}
          />
        ))}
      </fieldset>
      <ClientStepSuggestions form={form} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Optional details</legend>
        <WizardInput
          form={form}
          name="clientData.middleName"
          label="Middle name"
          autoComplete="additional-name"
        />
        <WizardSelect form={form} name="clientData.gender" label="Gender" options={asOptions(GENDERS)} />
        <WizardSelect
          form={form}
          name="clientData.maritalStatus"
          label="Marital status"
          options={asOptions(MARITAL_STATUSES)}
        />
        <WizardSelect
          form={form}
          name="clientData.preferredContactMethod"
          label="Preferred contact method"
          options={CONTACT_METHODS.map((value) => ({
            value,
            label: value.charAt(0).toUpperCase() + value.slice(1),
          }))}
        />
      </fieldset>
    </div>
  )
}
