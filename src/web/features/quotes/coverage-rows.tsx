import { Plus, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import type { QuoteForm } from './quote-form.ts'

/** Most carrier summaries fit in a dozen lines; the contract takes up to 40. */
const MAX_ROWS = 40

/**
 * The coverage rows' keys, and adding and removing a row. Not react-hook-form's useFieldArray: that
 * one hook put 1.6 KB more into the library's chunk that the sign-in page loads (decision 009).
 */
export function useCoverageRows(form: UseFormReturn<QuoteForm>) {
  const nextKey = useRef(form.getValues('coverages').length)
  const [keys, setKeys] = useState(() => form.getValues('coverages').map((_, index) => index))
  return {
    keys,
    append() {
      form.setValue('coverages', [...form.getValues('coverages'), { label: '', value: '' }])
      setKeys((now) => [...now, nextKey.current++])
    },
    remove(index: number) {
      const last = keys.length - 1
      form.setValue(
        'coverages',
        form.getValues('coverages').filter((_, at) => at !== index),
      )
      form.unregister(`coverages.${last}`, { keepValue: false })
      setKeys((now) => now.filter((_, at) => at !== index))
    },
  }
}

/** The quote's coverage summary: limits and deductibles as label and value, rows added and removed. */
export function CoverageRows({
  id,
  form,
  rows,
}: {
  id: string
  form: UseFormReturn<QuoteForm>
  rows: ReturnType<typeof useCoverageRows>
}) {
  const errors = form.formState.errors.coverages
  return (
    <fieldset className="grid gap-3 sm:col-span-2">
      <legend className="mb-2 text-sm font-medium text-slate-900">Coverages</legend>
      {rows.keys.map((key, index) => (
        <div key={key} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
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
        disabled={rows.keys.length >= MAX_ROWS}
        onClick={() => rows.append()}
      >
        <Plus aria-hidden="true" />
        Add coverage
      </Button>
    </fieldset>
  )
}
