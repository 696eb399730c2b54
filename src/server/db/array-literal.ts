/**
 * A PostgreSQL array literal ('{"a",NULL,"b"}') for one parameter: drivers differ in how they send
 * JS arrays (drizzle spreads them into separate parameters), but every driver sends a string, and
 * `$1::text[]`, `$1::date[]` … parse it on the server.
 */
export function toArrayLiteral(values: readonly unknown[]): string {
  return textArrayLiteral(
    values.map((value) =>
      value === null || value === undefined
        ? null
        : value instanceof Date
          ? value.toISOString()
          : String(value),
    ),
  )
}

const NEEDS_ESCAPE = /["\\]/
const ESCAPED = /["\\]/g

/** toArrayLiteral for text, built in one pass: most values have nothing to escape and are only quoted. */
export function textArrayLiteral(values: readonly (string | null | undefined)[]): string {
  const elements = values.map((text) => {
    if (text === null || text === undefined) return 'NULL'
    return NEEDS_ESCAPE.test(text) ? `"${text.replace(ESCAPED, '\\$&')}"` : `"${text}"`
  })
  return `{${elements.join(',')}}`
}
