import type { UseFormRegister } from 'react-hook-form'
import { CANCELLATION_METHODS, type CancellationMethod } from '#shared/domain/policy-ledger.ts'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import type { CancellationForm } from './cancellation-form.ts'
import { CANCELLATION_METHOD_LABELS } from './policy-display.ts'

const METHOD_HINTS: Record<CancellationMethod, string> = {
  pro_rata: 'the unused days’ share of the premium',
  short_rate: 'pro-rata less the carrier’s penalty',
  flat: 'the whole premium, back to the term’s start',
}

interface CancellationMethodFieldProps {
  id: string
  register: UseFormRegister<CancellationForm>
  method: CancellationMethod
  penaltyError: string | undefined
}

/** Pro-rata, short-rate (with the carrier's penalty, 10% unless said) or flat. */
export function CancellationMethodField({
  id,
  register,
  method,
  penaltyError,
}: CancellationMethodFieldProps) {
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Method</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {CANCELLATION_METHODS.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-start gap-2 rounded-md border border-slate-200 px-3 py-2 has-[:checked]:border-violet-700 has-[:checked]:bg-violet-50"
          >
            <input type="radio" value={value} className="mt-1 accent-violet-700" {...register('method')} />
            <span className="grid">
              <span className="text-sm font-medium text-slate-900">{CANCELLATION_METHOD_LABELS[value]}</span>
              <span className="text-xs text-slate-600">{METHOD_HINTS[value]}</span>
            </span>
          </label>
        ))}
      </div>
      {method === 'short_rate' && (
        <Field
          id={`${id}-penalty`}
          label="Short-rate penalty (%)"
          error={penaltyError}
          className="sm:max-w-48"
        >
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" {...register('penaltyPercent')} />
          )}
        </Field>
      )}
    </fieldset>
  )
}
