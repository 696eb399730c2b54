import { Plus, Trash2 } from 'lucide-react'
import type { UseFieldArrayReturn, UseFormReturn } from 'react-hook-form'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import type { QuoteForm } from './quote-form.ts'

/** Most carrier summaries fit in a dozen lines; the contract takes up to 40. */
const MAX_ROWS = 40

/** The quote's coverage summary: limits and deductibles as label and value, rows added and removed. */
export function CoverageRows({
  id,
  form,
  rows,
}: {
  id: string
  form: UseFormReturn<QuoteForm>
  rows: UseFieldArrayReturn<QuoteForm, 'coverages'>
}) {
  const errors = form.formState.errors.coverages
  return (
    <fieldset className="grid gap-3 sm:col-span-2">
      <legend className="mb-2 text-sm font-medium text-slate-900">Coverages</legend>
      {rows.fields.map((row, index) => (
        <div key={row.id} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
          <Field
            id={`${id}-coverage-${index}`}
            label={`Coverage ${index + 1}`}
            error={errors?.[index]?.label?.message}
          >
            {(control) => (
              <Input
                {...control}
                placeholder="Bodily injury"
                maxLength={80}
                {...form.register(`coverages.${index}.label`)}
              />
            )}
          </Field>
          <Field
            id={`${id}-limit-${index}`}
            label={`Limit or deductible ${index + 1}`}
            error={errors?.[index]?.value?.message}
          >
            {(control) => (
              <Input
                {...control}
                placeholder="100/300"
                maxLength={200}
                {...form.register(`coverages.${index}.value`)}
              />
            )}
          </Field>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => rows.remove(index)}
            aria-label={`Remove coverage ${index + 1}`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={rows.fields.length >= MAX_ROWS}
        onClick={() => rows.append({ label: '', value: '' })}
      >
        <Plus aria-hidden="true" />
        Add coverage
      </Button>
    </fieldset>
  )
}
