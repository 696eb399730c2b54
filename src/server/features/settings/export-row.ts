/**
 * How a stored row appears in a data export (decision 013): no credential or storage internals,
 * and sensitive numbers masked to their last four digits. The full numbers stay in the product,
 * where revealing one is a deliberate, audited act; a file in a Downloads folder should not hold
 * every client's SSN.
 */

/** Columns never exported: secrets, hashes, internal keys, derived search text, carrier packets. */
const DROPPED = new Set([
  'passwordHash',
  'totpSecret',
  'totpLastStep',
  'pendingSecret',
  'codeHash',
  'deviceHash',
  'storageKey',
  'deliveryKey',
  'searchText',
  // The JSON sent to a carrier restates the client's data, unmasked: the records it came from are exported.
  'body',
])

/** Keys inside JSON values (application data) that hold a sensitive number. */
const SENSITIVE_KEY = /ssn|socialsecurity|routingnumber|accountnumber|licensenumber|taxid/i

function lastFour(value: string): string {
  return value.replace(/\D/g, '').slice(-4)
}

export function maskNumber(name: string, last4: string): string {
  return /ssn/i.test(name) ? `***-**-${last4}` : `****${last4}`
}

function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson)
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        SENSITIVE_KEY.test(key) && typeof inner === 'string' && inner
          ? maskNumber(key, lastFour(inner))
          : maskJson(inner),
      ]),
    )
  }
  return value
}

/** A row ready for the export file. */
export function exportRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) {
    if (DROPPED.has(key) || key.endsWith('Encrypted')) continue
    if (key.endsWith('Last4')) {
      const name = key.slice(0, -'Last4'.length)
      out[name] = typeof value === 'string' && value ? maskNumber(name, value) : null
      continue
    }
    out[key] = maskJson(value)
  }
  return out
}
