import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldValues, Resolver } from 'react-hook-form'
import { z } from 'zod'

/** An amount typed in a field: '' is no amount (the schema's own message), the rest a number or NaN. */
export function amountOf(text: string): number | undefined {
  const trimmed = text.replace(/[$,\s]/g, '')
  return trimmed === '' ? undefined : Number(trimmed)
}

/**
 * A form of text fields checked by the contract's schema: `toInput` turns the texts into the call's
 * input, so the browser refuses with the server's own messages on the same fields.
 */
export function contractResolver<Form extends FieldValues, Input>(
  schema: z.ZodType<Input>,
  toInput: (values: Form) => unknown,
): Resolver<Form, unknown, Input> {
  const checked = z.preprocess((values) => toInput(values as Form), schema) as unknown as z.ZodType<
    Input,
    Form
  >
  return zodResolver(checked) as unknown as Resolver<Form, unknown, Input>
}
