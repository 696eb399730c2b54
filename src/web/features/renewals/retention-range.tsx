import { useEffect, useId, useState } from 'react'
import { RETENTION_TEXTS as T } from '#shared/contracts/renewals-retention-texts.ts'
import { Input } from '#web/components/input.tsx'
import { Label } from '#web/components/label.tsx'

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

export interface FieldProblem {
  path: string
  message: string
}

/**
 * The range's two month pickers. A browser without a month picker shows a text box: what is typed
 * is sent once it reads as a month, and the server's message comes back on its field otherwise.
 */
export function RetentionRangePicker({
  from,
  to,
  problems,
  onChange,
}: {
  from: string
  to: string
  problems: readonly FieldProblem[]
  onChange: (field: 'from' | 'to', month: string) => void
}) {
  return (
    // A fieldset keeps its content's width unless told: min-w-0 lets it fit a phone.
    <fieldset className="grid min-w-0 grid-cols-2 items-start gap-3 sm:flex sm:flex-wrap">
      <legend className="sr-only">{T.rangeHint}</legend>
      <MonthField field="from" label={T.from} value={from} problems={problems} onChange={onChange} />
      <MonthField field="to" label={T.to} value={to} problems={problems} onChange={onChange} />
      <p className="col-span-2 basis-full text-xs text-slate-600">{T.rangeHint}</p>
    </fieldset>
  )
}

function MonthField({
  field,
  label,
  value,
  problems,
  onChange,
}: {
  field: 'from' | 'to'
  label: string
  value: string
  problems: readonly FieldProblem[]
  onChange: (field: 'from' | 'to', month: string) => void
}) {
  const id = useId()
  const [text, setText] = useState(value)
  // The shown range changes under the field when the figures arrive (the server's default range).
  useEffect(() => setText(value), [value])
  const problem = problems.find((each) => each.path === field)
  return (
    <div className="grid min-w-0 gap-1 sm:w-40">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="month"
        className="min-w-0"
        placeholder="2026-01"
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setText(event.target.value)
          if (MONTH.test(event.target.value)) onChange(field, event.target.value)
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="text-xs text-red-700">
          {problem.message}
        </p>
      )}
    </div>
  )
}
