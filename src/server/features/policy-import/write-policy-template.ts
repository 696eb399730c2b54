import { csvLine } from '#server/platform/csv.ts'
import { POLICY_IMPORT_COLUMNS, type PolicyImportColumn } from '#shared/contracts/policy-import.contract.ts'

/** A fictional policy: example.com is reserved for examples, the carrier is the catalogue's own fiction. */
export const POLICY_TEMPLATE_EXAMPLE: Record<PolicyImportColumn, string> = {
  'Policy Number': 'AUT-100245',
  Carrier: 'Amberfield Mutual',
  'Line of Business': 'auto',
  'Insured First Name': 'Jordan',
  'Insured Last Name': 'Sample',
  'Insured Email': 'jordan.sample@example.com',
  'ZIP Code': '62701',
  'Effective Date': '2026-01-01',
  'Expiration Date': '2027-01-01',
  'Annual Premium': '1240.00',
  'Producer Email': '',
}

/** The template: a BOM (so Excel reads UTF-8), the columns in the contract's order and one example row. */
export function writePolicyTemplate(): string {
  return `\uFEFF${csvLine(POLICY_IMPORT_COLUMNS)}${csvLine(POLICY_IMPORT_COLUMNS.map((c) => POLICY_TEMPLATE_EXAMPLE[c]))}`
}
