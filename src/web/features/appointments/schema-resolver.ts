import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'

/**
 * Validates a flat form with a contract schema, one message per field: the first issue zod
 * reports for it. Not zodResolver: for a union ('must be true', written as `true | 'true'`) it shows
 * the first branch's own 'Invalid input' instead of the union's message, the spec's text.
 */
export function schemaResolver<Form extends FieldValues, Output>(
  schema: z.ZodType<Output>,
): Resolver<Form, unknown, Output> {
  return async (values) => {
    const parsed = await schema.safeParseAsync(values)
    if (parsed.success) return { values: parsed.data, errors: {} }
    const errors: Record<string, { type: string; message: string }> = {}
    for (const issue of parsed.error.issues) {
      // The forms are flat: an item's issue ('stateLicenses.3') belongs to its field.
      const name = String(issue.path[0] ?? '')
      errors[name] ??= { type: issue.code, message: issue.message }
    }
    return { values: {}, errors: errors as FieldErrors<Form> }
  }
}
