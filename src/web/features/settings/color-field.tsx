import type { UseFormReturn } from 'react-hook-form'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'

/** The Branding form's values, as the inputs hold them (text). */
export interface BrandingForm {
  organizationName: string
  customDomain: string
  primaryColor: string
  accentColor: string
  themeStyle: string
}

type ColorName = 'primaryColor' | 'accentColor'

interface ColorFieldProps {
  form: UseFormReturn<BrandingForm>
  name: ColorName
  label: string
  error?: string
}

/** A hex colour typed in, with the browser's colour picker beside it writing the same field. */
export function ColorField({ form, name, label, error }: ColorFieldProps) {
  const value = form.watch(name)
  const id = `branding-${name}`
  const valid = /^#[0-9A-Fa-f]{6}$/.test(value)
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={`Pick the ${label.toLowerCase()}`}
            value={valid ? value.toLowerCase() : '#000000'}
            onChange={(event) => form.setValue(name, event.target.value.toUpperCase(), { shouldDirty: true })}
            className="h-11 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1 sm:h-10"
          />
          <Input {...control} className="font-mono" spellCheck={false} {...form.register(name)} />
        </div>
      )}
    </Field>
  )
}
