import type { z } from 'zod'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { maskSensitive } from '#server/platform/crypto.ts'
import type { Client, ClientInputSchema, SensitiveClientField } from '#shared/contracts/clients.contract.ts'
import type { ClientRow, NewClientRow } from './clients.repository.ts'

type ParsedClient = z.output<typeof ClientInputSchema>

/** Where each sensitive field lives: the ciphertext column and the last-four column. */
export const SENSITIVE_COLUMNS = {
  ssn: { encrypted: 'ssnEncrypted', last4: 'ssnLast4', mask: 'ssn' },
  spouseSsn: { encrypted: 'spouseSsnEncrypted', last4: 'spouseSsnLast4', mask: 'ssn' },
  driversLicenseNumber: {
    encrypted: 'driversLicenseNumberEncrypted',
    last4: 'driversLicenseNumberLast4',
    mask: 'account',
  },
  mortgageAccount: { encrypted: 'mortgageAccountEncrypted', last4: 'mortgageAccountLast4', mask: 'account' },
} as const satisfies Record<
  SensitiveClientField,
  { encrypted: keyof ClientRow; last4: keyof ClientRow; mask: 'ssn' | 'account' }
>

const normalizeSsn = (value: string) => {
  const digits = value.replace(/\D/g, '')
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`
}

/**
 * The row to write. A sensitive field left empty keeps what is on file (the browser never has the
 * plaintext to send back); a new value replaces it, encrypted.
 */
export function toClientRow(input: Partial<ParsedClient>, cipher: FieldCipher): Partial<NewClientRow> {
  const { ssn, spouseSsn, driversLicenseNumber, mortgageAccount, annualIncome, ...plain } = input
  const row: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(plain)) row[key] = value ?? null
  row.annualIncomeCents = annualIncome === undefined ? null : annualIncome * 100
  const sensitive = { ssn, spouseSsn, driversLicenseNumber, mortgageAccount }
  for (const field of Object.keys(SENSITIVE_COLUMNS) as SensitiveClientField[]) {
    const raw = sensitive[field]
    if (raw === undefined) continue
    const value = field === 'ssn' || field === 'spouseSsn' ? normalizeSsn(raw) : raw
    const columns = SENSITIVE_COLUMNS[field]
    row[columns.encrypted] = cipher.encrypt(value)
    row[columns.last4] = value.replace(/[^0-9A-Za-z]/g, '').slice(-4)
  }
  return row as Partial<NewClientRow>
}

const ROW_ONLY = new Set([
  'agencyId',
  'createdByUserId',
  'searchText',
  'annualIncomeCents',
  ...Object.values(SENSITIVE_COLUMNS).flatMap((c) => [c.encrypted, c.last4]),
])

/** The API answer: sensitive fields masked from their last four, nulls dropped, dates as ISO. */
export function toClient(row: ClientRow, applicationCount: number): Client {
  const client: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) {
    if (ROW_ONLY.has(key) || value === null) continue
    client[key] = value instanceof Date ? value.toISOString() : value
  }
  if (row.annualIncomeCents !== null) client.annualIncome = Math.round(row.annualIncomeCents / 100)
  for (const [field, columns] of Object.entries(SENSITIVE_COLUMNS)) {
    const last4 = row[columns.last4]
    client[field] = last4 ? maskSensitive(last4, columns.mask) : null
  }
  client.applicationCount = applicationCount
  return client as Client
}
