import { SENSITIVE_CLIENT_FIELDS } from '#shared/contracts/clients.contract.ts'
import type { MaskKind } from './export-section.repository.ts'

/**
 * How a stored row appears in a data export (decision 013). Which columns appear is the section's
 * allow-list (export-*-sections.repository.ts); here sensitive numbers are masked to their last four digits.
 * The full numbers stay in the product, where revealing one is a deliberate, audited act; a file in
 * a Downloads folder should not hold every client's SSN.
 */

/**
 * Keys inside JSON values (application data) that hold a sensitive number: the clients' sensitive
 * fields, and the numbers an application form may ask for besides (bank, licence, tax ids).
 */
const SENSITIVE_JSON_KEYS = [
  ...SENSITIVE_CLIENT_FIELDS,
  'socialSecurityNumber',
  'licenseNumber',
  'routingNumber',
  'accountNumber',
  'ein',
  'fein',
  'taxId',
]

const SSN_LIKE = /ssn|socialsecurity/i

/** 'spouseSsn', 'spouse_ssn', 'SSN' and 'primarySsn' all name an SSN; 'weight' names no 'ein'. */
function isSensitiveKey(key: string): boolean {
  const lower = key.toLowerCase()
  return SENSITIVE_JSON_KEYS.some((name) => {
    const capitalised = name[0]!.toUpperCase() + name.slice(1)
    return (
      lower === name.toLowerCase() || key.endsWith(capitalised) || lower.endsWith(`_${name.toLowerCase()}`)
    )
  })
}

function lastFour(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').slice(-4)
}

export function maskNumber(kind: MaskKind, last4: string): string {
  return kind === 'ssn' ? `***-**-${last4}` : `****${last4}`
}

function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson)
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        isSensitiveKey(key) && (typeof inner === 'string' || typeof inner === 'number') && inner !== ''
          ? maskNumber(SSN_LIKE.test(key) ? 'ssn' : 'account', lastFour(String(inner)))
          : maskJson(inner),
      ]),
    )
  }
  return value
}

/**
 * A selected row ready for the export file; `masked` names the fields to show as their last four
 * (most are selected as a last four already; an agent's licence number is cut here).
 */
export function exportRow(
  row: Record<string, unknown>,
  masked: Record<string, MaskKind> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) {
    const kind = masked[key]
    out[key] = kind
      ? typeof value === 'string' && value
        ? maskNumber(kind, lastFour(value))
        : null
      : maskJson(value)
  }
  return out
}
