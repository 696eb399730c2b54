import fc from 'fast-check'
import { z } from 'zod'

/** A JSON Schema node as zod writes one (the input side of a contract). */
interface JsonSchema {
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  minimum?: number
  maximum?: number
}

const UUID = '00000000-0000-4000-8000-000000000000'

/**
 * Values that have broken servers: NUL (PostgreSQL refuses it in text), a lone surrogate, huge
 * and negative numbers, impossible dates, strings where objects go and the other way round.
 */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  '\u0000',
  'a\u0000b',
  '',
  '   ',
  '\uD800',
  'x'.repeat(20_000),
  '💥'.repeat(50),
  "' OR 1=1 --",
  '../../etc/passwd',
  '-1',
  '1e999',
  'NaN',
  '2024-02-30',
  '9999-99-99T99:99:99Z',
  '0000-01-01',
  UUID,
  -1,
  0,
  1.5,
  2 ** 31,
  2 ** 63,
  -1e308,
  1e308,
  true,
  [],
  [null],
  {},
  { toString: 'x' },
]

const hostile = fc.constantFrom(...HOSTILE_VALUES)

/** `nul`: every free-text string carries a NUL, and nothing else is hostile (one sweep per call). */
interface Mode {
  nul: boolean
}

function plausibleString(format: string | undefined, mode: Mode): fc.Arbitrary<unknown> {
  if (mode.nul) return fc.constant(format === 'uuid' ? '\u0000' : 'a\u0000b')
  switch (format) {
    case 'uuid':
      return fc.oneof(fc.constant(UUID), fc.uuid())
    case 'email':
      return fc.constantFrom('agent@example.com', 'a\u0000b@example.com', 'x@y')
    case 'date':
      return fc.constantFrom('2026-01-15', '2024-02-29', '1900-01-01')
    case 'date-time':
      return fc.constantFrom('2026-01-15T10:00:00.000Z', '2024-02-29T23:59:59Z')
    default:
      return fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('abc', 'ny', '12345'))
  }
}

/** A value for one schema node: usually shaped like what it asks for, sometimes hostile. */
function valueFor(schema: JsonSchema, depth: number, mode: Mode): fc.Arbitrary<unknown> {
  const shaped = shapedFor(schema, depth, mode)
  if (mode.nul) return shaped
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: hostile })
}

function shapedFor(schema: JsonSchema, depth: number, mode: Mode): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.const !== undefined) return fc.constant(schema.const)
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf
  if (options && options.length > 0)
    return fc.oneof(...options.map((option) => shapedFor(option, depth, mode)))
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string':
      return plausibleString(schema.format, mode)
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1000, 2 ** 31 - 1) })
    case 'number':
      return fc.double({ min: schema.minimum ?? -10, max: schema.maximum ?? 1e6, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(valueFor(schema.items ?? {}, depth + 1, mode), { minLength: 1, maxLength: 3 })
    case 'object':
      return objectFor(schema, depth, mode)
    default:
      return hostile
  }
}

function objectFor(schema: JsonSchema, depth: number, mode: Mode): fc.Arbitrary<Record<string, unknown>> {
  if (depth > 3 || !schema.properties) return fc.constant({})
  const required = schema.required ?? []
  const fields = Object.fromEntries(
    Object.entries(schema.properties).map(([name, property]) => [name, valueFor(property, depth + 1, mode)]),
  )
  // Optional fields come and go; required ones are there (with a hostile value now and then), so
  // a request gets past the first check and into the rules and queries behind it.
  return fc.record(fields, { requiredKeys: mode.nul ? undefined : required })
}

/** The JSON Schema of a contract's input side; a schema zod cannot write becomes "anything". */
function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!(schema instanceof z.ZodType)) return {}
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
}

/** A request body for a contract's body schema: an object shaped like it, or something hostile. */
export function hostileBody(schema: unknown, mode: Mode = { nul: false }): fc.Arbitrary<unknown> {
  return valueFor(jsonSchemaOf(schema), 0, mode)
}

/** Query or path values, as the strings a URL carries. */
export function hostileStrings(
  schema: unknown,
  mode: Mode = { nul: false },
): fc.Arbitrary<Record<string, string>> {
  const json = jsonSchemaOf(schema)
  return objectFor(json, 1, mode).map((values) =>
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name, asUrlText(value)])),
  )
}

function asUrlText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === null || typeof value === 'object') return JSON.stringify(value)
  return String(value)
}
