import { useQuery } from '@tanstack/react-query'
import { Sparkles, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import {
  type FormSuggestion,
  SUGGESTION_FIELD_LABELS,
  SUGGESTION_SOURCES,
  SUGGESTIONS_SHOWN,
  FORM_SUGGESTION_TEXTS as T,
} from '#shared/contracts/form-suggestions.contract.ts'
import { Button } from '#web/components/button.tsx'
import { cn } from '#web/lib/cn.ts'
import type { FormSuggestionsProps } from '#web/lib/form-suggestions-slot.ts'
import { queryKeys } from '#web/lib/query-keys.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { acceptSuggestion, generateSuggestions } from './assistant.queries.ts'

const SOURCES = new Set<string>(SUGGESTION_SOURCES)
const lastSegment = (name: string) => name.slice(name.lastIndexOf('.') + 1)
const labelOf = (fieldName: string) =>
  SUGGESTION_FIELD_LABELS[lastSegment(fieldName)] ?? lastSegment(fieldName)

/** The values suggestions are made from, and those of the fields they fill: flat, by dotted name. */
function relevantValues(values: Record<string, unknown>, fieldNames: readonly string[]) {
  const wanted = new Set(fieldNames)
  const out: Record<string, unknown> = {}
  const visit = (object: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(object)) {
      const name = prefix ? `${prefix}.${key}` : key
      if (value && typeof value === 'object' && !Array.isArray(value))
        visit(value as Record<string, unknown>, name)
      else if (
        (SOURCES.has(key) || wanted.has(name)) &&
        value !== '' &&
        value !== undefined &&
        value !== null
      )
        out[name] = value
    }
  }
  visit(values, '')
  return out
}

const valueAt = (values: Record<string, unknown>, name: string) =>
  name
    .split('.')
    .reduce<unknown>(
      (at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
      values,
    )

/**
 * Up to three suggestions for the form (spec §9), best first, each with how sure it is and what it
 * is based on. Accept fills the field and keeps the acceptance; a field already holding the value
 * drops its suggestion.
 */
export function FormSuggestionsPanel({
  formType,
  fieldNames,
  values,
  fill,
  className,
  announce = false,
}: FormSuggestionsProps) {
  const relevant = relevantValues(values, fieldNames)
  const key = useDebouncedValue(JSON.stringify(relevant), 400)
  const hasSource = Object.keys(JSON.parse(key) as object).some((name) => SOURCES.has(lastSegment(name)))
  const { data } = useQuery({
    queryKey: queryKeys.assistant.suggestions(formType, key),
    queryFn: ({ signal }) => generateSuggestions({ formType, formData: JSON.parse(key) }, signal),
    enabled: hasSource,
  })
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set())
  // Spec §8: the assistant, opened on a form, says when it has generated suggestions.
  const count = data?.suggestions.length ?? 0
  useEffect(() => {
    if (announce && count > 0) showToast({ title: T.generated, variant: 'success' })
  }, [announce, count])
  const open = (data?.suggestions ?? []).filter(
    (s) =>
      !s.isAccepted &&
      !dismissed.has(s.id) &&
      fieldNames.includes(s.fieldName) &&
      String(valueAt(values, s.fieldName) ?? '').toLowerCase() !== s.suggestedValue.toLowerCase(),
  )
  const shown = open.slice(0, SUGGESTIONS_SHOWN)
  const notes = hasSource ? (data?.notes ?? []) : []
  if (shown.length === 0 && notes.length === 0) return <output aria-live="polite" className="sr-only" />

  function accept(suggestion: FormSuggestion) {
    fill(suggestion.fieldName, suggestion.suggestedValue)
    acceptSuggestion(suggestion.id).catch(() =>
      showToast({ title: 'The suggestion was filled in but could not be saved', variant: 'destructive' }),
    )
  }

  return (
    <section
      aria-label={T.heading}
      className={cn('grid gap-2 rounded-md border border-violet-200 bg-violet-50/60 p-3 text-sm', className)}
    >
      <h3 className="flex items-center gap-1.5 font-semibold text-violet-900">
        <Sparkles aria-hidden="true" className="size-4" />
        {T.heading}
      </h3>
      <output aria-live="polite" className="sr-only">
        {shown.length ? `${shown.length} ${shown.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
      </output>
      <ul className="grid gap-2">
        {shown.map((suggestion) => (
          <li
            key={suggestion.id}
            className="flex flex-wrap items-center gap-2 rounded border border-violet-100 bg-white p-2"
          >
            <div className="min-w-0 flex-1 basis-40">
              <p className="text-slate-900">
                <span className="font-medium">{labelOf(suggestion.fieldName)}:</span>{' '}
                {suggestion.suggestedValue}{' '}
                <span className="text-xs text-slate-600">
                  ({Math.round(suggestion.confidence * 100)}% sure)
                </span>
              </p>
              <p className="text-xs text-slate-600">Based on: {suggestion.basedOn}</p>
            </div>
            <div className="flex items-center gap-1">
              <Button
                size="sm"
                variant="outline"
                aria-label={`${T.accept} ${labelOf(suggestion.fieldName)}: ${suggestion.suggestedValue}`}
                onClick={() => accept(suggestion)}
              >
                {T.accept}
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Dismiss ${labelOf(suggestion.fieldName)}: ${suggestion.suggestedValue}`}
                onClick={() => setDismissed(new Set([...dismissed, suggestion.id]))}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {notes.map((note) => (
        <p key={note} className="text-xs font-medium text-amber-800">
          {note}
        </p>
      ))}
    </section>
  )
}
