import type { UseFormReturn } from 'react-hook-form'
import type { ClientInput } from '#shared/contracts/clients.contract.ts'
import { Checkbox } from '#web/components/checkbox.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import type { ClientFieldSpec } from './client-fields.ts'

/** Shown under each sensitive input, which starts empty: the browser only ever has the mask. */
export const KEEP_ON_FILE_HINT = 'Leave blank to keep the value on file'

const INPUT_TYPES: Partial<Record<ClientFieldSpec['kind'], string>> = {
  email: 'email',
  tel: 'tel',
  date: 'date',
  count: 'number',
  dollars: 'number',
}

interface ClientFormFieldProps {
  spec: ClientFieldSpec
  form: UseFormReturn<ClientInput>
  /** The masked value on file, for a sensitive field. */
  onFile?: string | null
}

export function ClientFormField({ spec, form, onFile }: ClientFormFieldProps) {
  const id = `client-${spec.name}`
  const error = form.formState.errors[spec.name]?.message
  const wide = spec.kind === 'longText' ? 'sm:col-span-2 lg:col-span-3' : undefined
  if (spec.kind === 'flag') {
    return <Checkbox id={id} label={spec.label} className="self-end" {...form.register(spec.name)} />
  }
  const hint = spec.kind === 'sensitive' ? keepHint(onFile) : undefined
  return (
    <Field id={id} label={spec.label} error={error} hint={hint} className={wide}>
      {(control) => {
        const registered = { ...control, ...form.register(spec.name) }
        if (spec.kind === 'choice')
          return <Select {...registered} options={spec.options ?? []} placeholder="Not specified" />
        if (spec.kind === 'longText') return <Textarea {...registered} rows={3} />
        return (
          <Input
            {...registered}
            type={INPUT_TYPES[spec.kind] ?? 'text'}
            min={spec.kind === 'count' || spec.kind === 'dollars' ? 0 : undefined}
            inputMode={spec.kind === 'count' || spec.kind === 'dollars' ? 'numeric' : undefined}
            autoComplete={spec.kind === 'sensitive' ? 'off' : undefined}
          />
        )
      }}
    </Field>
  )
}

function keepHint(onFile: string | null | undefined): string | undefined {
  return onFile ? `${KEEP_ON_FILE_HINT} (${onFile}).` : undefined
}
