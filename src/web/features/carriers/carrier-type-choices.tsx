import { INSURANCE_TYPES, type InsuranceType } from '#shared/domain/insurance-types.ts'
import { Checkbox } from '#web/components/checkbox.tsx'
import { INSURANCE_TYPE_LABELS } from '#web/components/insurance-type-badge.tsx'

interface CarrierTypeChoicesProps {
  id: string
  value: InsuranceType[]
  onChange: (value: InsuranceType[]) => void
  error?: string
}

/** The supported insurance types as checkboxes; at least one is required. */
export function CarrierTypeChoices({ id, value, onChange, error }: CarrierTypeChoicesProps) {
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">Supported insurance types</legend>
      <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
        {INSURANCE_TYPES.map((type) => (
          <Checkbox
            key={type}
            id={`${id}-${type}`}
            label={INSURANCE_TYPE_LABELS[type]}
            checked={value.includes(type)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, type] : value.filter((chosen) => chosen !== type))
            }
          />
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
