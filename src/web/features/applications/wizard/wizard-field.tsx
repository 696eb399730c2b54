import type { Path, UseFormReturn } from 'react-hook-form'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Select, type SelectOption } from '#web/components/select.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import type { CoverageField } from './coverage-fields.ts'
import type { WizardValues } from './wizard-values.ts'

export type WizardForm = UseFormReturn<WizardValues>
export type WizardPath = Path<WizardValues>

/** The field's message, set by the wizard's own check or by a 400's field errors. */
export function errorOf(form: WizardForm, name: WizardPath): string | undefined {
  const message = form.getFieldState(name, form.formState).error?.message
  return typeof message === 'string' ? message : undefined
}

export const fieldId = (name: string) => `wizard-${name.replaceAll('.', '-')}`

interface WizardInputProps {
  form: WizardForm
  name: WizardPath
  label: string
  type?: string
  autoComplete?: string
  hint?: string
  placeholder?: string
  maxLength?: number
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'text'
  className?: string
}

export function WizardInput({ form, name, label, hint, className, type, ...inputProps }: WizardInputProps) {
  const error = errorOf(form, name)
  return (
    <Field id={fieldId(name)} label={label} hint={hint} error={error} className={className}>
      {(control) => <Input {...control} type={type ?? 'text'} {...inputProps} {...form.register(name)} />}
    </Field>
  )
}

interface WizardSelectProps {
  form: WizardForm
  name: WizardPath
  label: string
  options: readonly SelectOption[]
  placeholder?: string
  className?: string
}

export function WizardSelect({ form, name, label, options, placeholder, className }: WizardSelectProps) {
  const error = errorOf(form, name)
  return (
    <Field id={fieldId(name)} label={label} error={error} className={className}>
      {(control) => (
        <Select
          {...control}
          options={options}
          placeholder={placeholder ?? 'Select...'}
          {...form.register(name)}
        />
      )}
    </Field>
  )
}

export const asOptions = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }))

/** One field of a coverage block or the extra fields, by its description. */
export function CoverageInput({
  form,
  name,
  field,
}: {
  form: WizardForm
  name: WizardPath
  field: CoverageField
}) {
  if (field.kind === 'select') {
    return (
      <WizardSelect form={form} name={name} label={field.label} options={asOptions(field.options ?? [])} />
    )
  }
  if (field.kind === 'textarea') {
    const error = errorOf(form, name)
    return (
      <Field id={fieldId(name)} label={field.label} error={error} className="sm:col-span-2">
        {(control) => <Textarea {...control} rows={3} maxLength={field.maxLength} {...form.register(name)} />}
      </Field>
    )
  }
  return (
    <WizardInput
      form={form}
      name={name}
      label={field.label}
      hint={field.hint}
      maxLength={field.maxLength}
      type={field.kind === 'number' ? 'number' : 'text'}
      inputMode={field.kind === 'number' ? 'decimal' : undefined}
    />
  )
}
