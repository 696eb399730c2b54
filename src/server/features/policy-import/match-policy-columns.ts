import type { Cell } from '#server/platform/spreadsheet-import/cell-values.ts'
import { matchHeader } from '#server/platform/spreadsheet-import/match-header.ts'
import {
  POLICY_IMPORT_REQUIRED_COLUMNS,
  POLICY_IMPORT_TEXTS,
  type PolicyImportColumn,
} from '#shared/contracts/policy-import.contract.ts'

/** Where each known column sits in a row (0-based); unknown columns are ignored. */
export type PolicyColumnPositions = Partial<Record<PolicyImportColumn, number>>

/**
 * The template's names first, then the names other agency systems export, all compared without
 * case, spaces or punctuation ('POLICY_NUMBER', 'Policy #', 'Eff. Date').
 */
const ALIASES: Record<PolicyImportColumn, string[]> = {
  'Policy Number': ['policynumber', 'policyno', 'policynum', 'policy', 'policyid'],
  Carrier: ['carrier', 'carriername', 'insurer', 'insurancecompany', 'company', 'writingcompany'],
  'Line of Business': ['lineofbusiness', 'lob', 'line', 'insurancetype', 'policytype', 'coveragetype'],
  'Insured First Name': ['insuredfirstname', 'firstname', 'givenname'],
  'Insured Last Name': ['insuredlastname', 'lastname', 'surname', 'familyname'],
  'Insured Email': ['insuredemail', 'insuredemailaddress', 'email', 'emailaddress'],
  'ZIP Code': ['zipcode', 'zip', 'insuredzip', 'insuredzipcode', 'postalcode', 'postcode'],
  'Effective Date': ['effectivedate', 'effective', 'effdate', 'eff', 'inceptiondate', 'startdate'],
  'Expiration Date': ['expirationdate', 'expiration', 'expdate', 'exp', 'expirydate', 'enddate'],
  'Annual Premium': ['annualpremium', 'premium', 'writtenpremium', 'annualizedpremium'],
  'Producer Email': ['produceremail', 'producer', 'produceremailaddress', 'agentemail', 'agent'],
}

export function matchPolicyColumns(cells: Cell[]): PolicyColumnPositions {
  return matchHeader(cells, ALIASES, POLICY_IMPORT_REQUIRED_COLUMNS, POLICY_IMPORT_TEXTS.noHeader)
}
