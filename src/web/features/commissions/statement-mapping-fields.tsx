import type { StatementField } from '#shared/contracts/commissions-statements.contract.ts'
import { STATEMENT_FIELD_LABELS, STATEMENT_FIELDS } from '#shared/contracts/commissions-statements-texts.ts'
import { Field } from '#web/components/field.tsx'
import { Select } from '#web/components/select.tsx'

/** Each field's chosen header; '' when the file has none for it. */
export type MappingChoice = Record<StatementField, string>
export type MappingErrors = Partial<Record<StatementField, string>>

interface StatementMappingFieldsProps {
  idPrefix: string
  headers: readonly string[]
  /** The first row, to show what the chosen column holds. */
  firstRow: readonly string[] | undefined
  choice: MappingChoice
  errors: MappingErrors
  onChange: (field: StatementField, header: string) => void
}

/** One select per field, its options the file's headers. */
export function StatementMappingFields({
  idPrefix,
  headers,
  firstRow,
  choice,
  errors,
  onChange,
}: StatementMappingFieldsProps) {
  // An unnamed column cannot be named in a mapping, and a repeated name would be two options alike.
  const options = [...new Set(headers.filter((header) => header !== ''))].map((header) => ({
    value: header,
    label: header,
  }))
  const sampleOf = (header: string) => {
    const value = header ? firstRow?.[headers.indexOf(header)] : undefined
    return value ? `First row: ${value}` : undefined
  }
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm text-slate-700">
        Commission is required, and the policy number or the insured (or both).
      </legend>
      {STATEMENT_FIELDS.map((field) => (
        <Field
          key={field}
          id={`${idPrefix}-${field}`}
          label={STATEMENT_FIELD_LABELS[field]}
          error={errors[field]}
          hint={sampleOf(choice[field])}
        >
          {(control) => (
            <Select
              {...control}
              options={options}
              placeholder="Not in the file"
              value={choice[field]}
              onChange={(event) => onChange(field, event.target.value)}
            />
          )}
        </Field>
      ))}
    </fieldset>
  )
}
