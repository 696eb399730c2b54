import type { ComponentProps } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Checkbox } from '#web/components/checkbox.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'

type InputProps = Omit<ComponentProps<'input'>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'>

interface TextFieldProps extends InputProps {
  id: string
  label: string
  error?: string
  hint?: string
  registration: UseFormRegisterReturn
}

/** A labelled input registered with the form, its message read out with it. */
export function TextField({ id, label, error, hint, registration, className, ...props }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      {(control) => <Input {...control} {...props} {...registration} />}
    </Field>
  )
}

interface CheckboxFieldProps extends InputProps {
  id: string
  label: string
  error?: string
  registration: UseFormRegisterReturn
}

/** A checkbox whose refusal ('W-9 must be signed') sits under it and is read out with it. */
export function CheckboxField({ id, label, error, registration, ...props }: CheckboxFieldProps) {
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className="grid">
      <Checkbox
        id={id}
        label={label}
        aria-invalid={Boolean(error)}
        aria-describedby={errorId}
        {...props}
        {...registration}
      />
      {error && (
        <p id={errorId} className="pl-8 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
