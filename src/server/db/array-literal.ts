/**
 * A PostgreSQL array literal ('{"a",NULL,"b"}') for one parameter: drivers differ in how they send
 * JS arrays (drizzle spreads them into separate parameters), but every driver sends a string, and
 * `$1::text[]`, `$1::date[]` … parse it on the server.
 */
export function toArrayLiteral(values: readonly unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL'
    return arrayElement(value instanceof Date ? value.toISOString() : String(value))
  })
  return `{${items.join(',')}}`
}

const NEEDS_ESCAPE = /["\\]/
const ESCAPED = /["\\]/g

/** One quoted element of an array literal; most values have nothing to escape and are only wrapped. */
export function arrayElement(text: string): string {
  return NEEDS_ESCAPE.test(text) ? `"${text.replace(ESCAPED, '\\$&')}"` : `"${text}"`
}

/** An array literal built one element at a time, for columns gathered row by row. */
export function createArrayLiteralBuilder() {
  let body = ''
  let hasValue = false
  return {
    push(value: string | null | undefined): void {
      const element = value === null || value === undefined ? 'NULL' : arrayElement(value)
      if (value !== null && value !== undefined) hasValue = true
      body = body === '' ? element : `${body},${element}`
    },
    /** False while every element is NULL: such a column can be left to its default. */
    get hasValue() {
      return hasValue
    },
    toString(): string {
      return `{${body}}`
    },
  }
}
