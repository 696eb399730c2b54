import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import type { z } from 'zod'

/**
 * Puts a contract schema's refusals on the form's fields, the first focused: the browser checks
 * with the server's own schema, so the messages are the ones the server would answer.
 */
export function applyIssues<T extends FieldValues>(error: z.ZodError, setError: UseFormSetError<T>): void {
  const seen = new Set<string>()
  for (const issue of error.issues) {
    const name = issue.path.join('.')
    if (seen.has(name)) continue
    seen.add(name)
    setError(name as Path<T>, { type: 'contract', message: issue.message }, { shouldFocus: seen.size === 1 })
  }
}
