import { useId, useState } from 'react'
import {
  STATEMENT_FIELDS,
  type StatementField,
  type StatementMapping,
  StatementMappingSchema,
  STATEMENT_TEXTS as T,
} from '#shared/contracts/commissions-statements.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { DialogFooter } from '#web/components/dialog.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatCount } from '#web/lib/format.ts'
import { statedTotalOf } from './check-statement-file.ts'
import type { ChosenStatement } from './statement-file-step.tsx'
import {
  type MappingChoice,
  type MappingErrors,
  StatementMappingFields,
} from './statement-mapping-fields.tsx'
import { StatementSampleTable } from './statement-sample-table.tsx'
import { StepHeading } from './statement-step-heading.tsx'
import { refusalMessage } from './statement-texts.ts'
import type { ImportedStatement, ImportMutation, StatementPreview } from './statements.queries.ts'

interface StatementMappingStepProps {
  chosen: ChosenStatement
  preview: StatementPreview
  importing: ImportMutation
  onBack: () => void
  onImported: (statement: ImportedStatement) => void
}

type Errors = MappingErrors & { statedTotal?: string }

/** Step 2: which column holds each field, preset from the carrier's last statement or the headers, and the stated total. */
export function StatementMappingStep({
  chosen,
  preview,
  importing,
  onBack,
  onImported,
}: StatementMappingStepProps) {
  const id = useId()
  const [choice, setChoice] = useState<MappingChoice>(() => choiceOf(preview))
  const [statedTotal, setStatedTotal] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const submit = () => {
    const mapping = StatementMappingSchema.safeParse(mappingOf(choice))
    const total = statedTotal.trim() === '' ? undefined : statedTotalOf(statedTotal)
    const found: Errors = mapping.success ? {} : mappingErrorsOf(mapping.error.issues)
    if (total === null) found.statedTotal = T.statedTotalInvalid
    setErrors(found)
    if (!mapping.success || total === null) return
    importing.mutate(
      { carrierId: chosen.carrierId, file: chosen.file, mapping: mapping.data, statedTotal: total },
      { onSuccess: onImported, onError: (error) => setErrors(serverErrorsOf(error)) },
    )
  }
  return (
    <form
      noValidate
      className="grid min-w-0 gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <StepHeading>Step 2 of 2: the columns</StepHeading>
      <p className="text-sm break-words text-slate-700">
        {chosen.carrierName} · {chosen.file.name} · {formatCount(preview.totalRows)} rows
      </p>
      {preview.mappingSource === 'saved' && (
        <Alert tone="info" title="Columns remembered">
          Set as on {chosen.carrierName}’s last statement. Change any that moved.
        </Alert>
      )}
      <StatementSampleTable headers={preview.headers} rows={preview.sampleRows} />
      <StatementMappingFields
        idPrefix={id}
        headers={preview.headers}
        firstRow={preview.sampleRows[0]}
        choice={choice}
        errors={errors}
        onChange={(field, header) => setChoice((current) => ({ ...current, [field]: header }))}
      />
      <Field
        id={`${id}-statedTotal`}
        label="Stated total (optional)"
        hint="The total the statement states, in dollars: its lines must add up to it."
        error={errors.statedTotal}
        className="sm:max-w-xs"
      >
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            value={statedTotal}
            onChange={(event) => setStatedTotal(event.target.value)}
          />
        )}
      </Field>
      {importing.error && <Alert tone="error">{refusalMessage(importing.error)}</Alert>}
      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={importing.isPending}>
          Back
        </Button>
        <Button type="submit" disabled={importing.isPending}>
          {importing.isPending ? 'Importing...' : 'Import'}
        </Button>
      </DialogFooter>
    </form>
  )
}

function choiceOf(preview: StatementPreview): MappingChoice {
  const known = new Set(preview.headers)
  const header = (field: StatementField) => preview.suggestedMapping[field] ?? ''
  return Object.fromEntries(
    STATEMENT_FIELDS.map((field) => [field, known.has(header(field)) ? header(field) : '']),
  ) as MappingChoice
}

function mappingOf(choice: MappingChoice): Partial<StatementMapping> {
  return Object.fromEntries(Object.entries(choice).filter(([, header]) => header !== ''))
}

const isField = (name: unknown): name is StatementField => STATEMENT_FIELDS.includes(name as StatementField)

function mappingErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const found: Errors = {}
  for (const issue of issues) {
    const field = issue.path[0]
    if (isField(field)) found[field] ??= issue.message
  }
  return found
}

/** A refusal's field messages on their fields: `commission` or `mapping.commission`, and `statedTotal`. */
function serverErrorsOf(error: unknown): Errors {
  if (!isApiError(error)) return {}
  const found: Errors = {}
  for (const { path, message } of error.fieldErrors) {
    const name = path.replace(/^mapping\./, '')
    if (isField(name)) found[name] ??= message
    else if (name === 'statedTotal') found.statedTotal ??= message
  }
  return found
}
