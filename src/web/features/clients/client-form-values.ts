import {
  type Client,
  type ClientInput,
  SENSITIVE_CLIENT_FIELDS,
  type SensitiveClientField,
} from '#shared/contracts/clients.contract.ts'
import { CLIENT_FIELDS } from './client-fields.ts'

const SENSITIVE = new Set<string>(SENSITIVE_CLIENT_FIELDS)

export function isSensitiveField(name: string): name is SensitiveClientField {
  return SENSITIVE.has(name)
}

/**
 * The edit form's starting values: every field as the input shows it ('' for nothing on file).
 * Sensitive fields start empty: the browser only has their masks, which must never be saved back.
 */
export function toFormValues(client: Client): ClientInput {
  const values: Record<string, unknown> = {}
  const record = client as unknown as Record<string, unknown>
  for (const { name, kind } of CLIENT_FIELDS) {
    const value = record[name]
    if (kind === 'flag') values[name] = value === true
    else if (kind === 'sensitive') values[name] = ''
    else values[name] = value === undefined || value === null ? '' : String(value)
  }
  return values as ClientInput
}

/**
 * The PUT body: every field, '' clearing what the user emptied, and a sensitive field only when
 * the user typed a new value (absent means "keep the value on file").
 */
export function toUpdateBody(values: ClientInput): ClientInput {
  const body: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    if (isSensitiveField(name) && (typeof value !== 'string' || value.trim() === '')) continue
    body[name] = value
  }
  return body as ClientInput
}
