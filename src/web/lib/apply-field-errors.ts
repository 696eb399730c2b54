import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { isApiError } from '#web/lib/api.ts'

/**
 * Puts a 400's per-field messages on the form's fields. Answers the names of the fields it set,
 * so a multi-step form can go back to the step that holds them.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): Path<T>[] {
  if (!isApiError(error)) return []
  const applied: Path<T>[] = []
  for (const { path, message } of error.fieldErrors) {
    const name = fieldNames.find((field) => field === path)
    if (!name) continue
    setError(name, { type: 'server', message }, { shouldFocus: applied.length === 0 })
    applied.push(name)
  }
  return applied
}
