/**
 * A PostgreSQL array literal ('{"a",NULL,"b"}') for one parameter: drivers differ in how they send
 * JS arrays (drizzle spreads them into separate parameters), but every driver sends a string, and
 * `$1::text[]`, `$1::date[]` … parse it on the server.
 */
export function toArrayLiteral(values: readonly unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL'
    const text = value instanceof Date ? value.toISOString() : String(value)
    return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
  })
  return `{${items.join(',')}}`
}
