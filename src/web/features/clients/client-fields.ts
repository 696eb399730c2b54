import {
  ACCOUNT_TYPES,
  BUDGET_RANGES,
  type ClientInput,
  CONTACT_METHODS,
  EMPLOYMENT_STATUSES,
  GENDERS,
  INSURANCE_TYPES,
  MARITAL_STATUSES,
  PREFERRED_COVERAGES,
  RESIDENCE_TYPES,
} from '#shared/contracts/clients.contract.ts'
import type { SelectOption } from '#web/components/select.tsx'

export type ClientFieldName = keyof ClientInput

export type ClientFieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'date'
  | 'count'
  | 'dollars'
  | 'choice'
  | 'flag'
  | 'longText'
  | 'sensitive'

export interface ClientFieldSpec {
  name: ClientFieldName
  label: string
  kind: ClientFieldKind
  options?: readonly SelectOption[]
}

export interface ClientSection {
  title: string
  fields: readonly ClientFieldSpec[]
}

const same = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: value }))
const titled = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }))

/** Spec part 1 §9: budget ranges are shown per month. */
export const BUDGET_LABELS: Record<(typeof BUDGET_RANGES)[number], string> = {
  under_100: 'Under $100',
  '100_200': '$100-200',
  '200_500': '$200-500',
  over_500: 'Over $500',
}

const field = (name: ClientFieldName, label: string, kind: ClientFieldKind = 'text'): ClientFieldSpec => ({
  name,
  label,
  kind,
})
const choice = (name: ClientFieldName, label: string, options: readonly SelectOption[]): ClientFieldSpec => ({
  name,
  label,
  kind: 'choice',
  options,
})

/** Every field of the Client entity, grouped and ordered as spec part 1 §3 groups them. */
export const CLIENT_SECTIONS: readonly ClientSection[] = [
  {
    title: 'Core',
    fields: [
      field('firstName', 'First name'),
      field('middleName', 'Middle name'),
      field('lastName', 'Last name'),
      field('suffix', 'Suffix'),
      field('email', 'Email', 'email'),
      field('phone', 'Phone', 'tel'),
      field('dateOfBirth', 'Date of birth', 'date'),
      field('ssn', 'SSN', 'sensitive'),
      choice('gender', 'Gender', same(GENDERS)),
      choice('maritalStatus', 'Marital status', same(MARITAL_STATUSES)),
      field('spouseFirstName', 'Spouse first name'),
      field('spouseLastName', 'Spouse last name'),
      field('spouseDateOfBirth', 'Spouse date of birth', 'date'),
      field('spouseSsn', 'Spouse SSN', 'sensitive'),
      field('alternatePhone', 'Alternate phone', 'tel'),
      field('workPhone', 'Work phone', 'tel'),
      field('alternateEmail', 'Alternate email', 'email'),
      choice('preferredContactMethod', 'Preferred contact method', titled(CONTACT_METHODS)),
    ],
  },
  {
    title: 'Address',
    fields: [
      field('address', 'Address'),
      field('city', 'City'),
      field('state', 'State'),
      field('zipCode', 'ZIP code'),
      field('mailingAddress', 'Mailing address'),
      field('mailingCity', 'Mailing city'),
      field('mailingState', 'Mailing state'),
      field('mailingZipCode', 'Mailing ZIP code'),
      choice('residenceType', 'Residence type', same(RESIDENCE_TYPES)),
      field('yearsAtAddress', 'Years at address', 'count'),
      field('previousAddress', 'Previous address'),
    ],
  },
  {
    title: 'Work',
    fields: [
      field('employer', 'Employer'),
      field('occupation', 'Occupation'),
      field('jobTitle', 'Job title'),
      field('workAddress', 'Work address'),
      field('annualIncome', 'Annual income (USD)', 'dollars'),
      choice('employmentStatus', 'Employment status', same(EMPLOYMENT_STATUSES)),
      field('yearsWithEmployer', 'Years with employer', 'count'),
      field('creditScore', 'Credit score', 'count'),
    ],
  },
  {
    title: 'Banking',
    fields: [field('bankName', 'Bank name'), choice('accountType', 'Account type', same(ACCOUNT_TYPES))],
  },
  {
    title: 'Insurance history',
    fields: [
      field('currentInsuranceCarrier', 'Current insurance carrier'),
      field('currentPolicyNumber', 'Current policy number'),
      field('currentPolicyExpiration', 'Current policy expiration', 'date'),
      field('yearsWithCurrentCarrier', 'Years with current carrier', 'count'),
      field('priorCarrier', 'Prior carrier'),
      field('yearsInsured', 'Years insured'),
      field('lapsesInCoverage', 'Lapses in coverage', 'flag'),
      field('lapsesDetails', 'Lapse details', 'longText'),
    ],
  },
  {
    title: 'Driving',
    fields: [
      field('driversLicenseNumber', "Driver's license number", 'sensitive'),
      field('driversLicenseState', "Driver's license state"),
      field('driversLicenseExpiration', "Driver's license expiration", 'date'),
      field('driversLicenseClass', "Driver's license class"),
      field('accidentsLast5Years', 'Accidents in the last 5 years', 'count'),
      field('violationsLast5Years', 'Violations in the last 5 years', 'count'),
      field('dui', 'DUI', 'flag'),
      field('duiDate', 'DUI date', 'date'),
      field('suspendedLicense', 'Suspended license', 'flag'),
      field('suspensionDate', 'Suspension date', 'date'),
    ],
  },
  {
    title: 'Health',
    fields: [
      field('height', 'Height'),
      field('weight', 'Weight'),
      field('smoker', 'Smoker', 'flag'),
      field('smokingHistory', 'Smoking history', 'longText'),
      field('medications', 'Medications', 'longText'),
      field('medicalConditions', 'Medical conditions', 'longText'),
      field('familyMedicalHistory', 'Family medical history', 'longText'),
    ],
  },
  {
    title: 'Home',
    fields: [
      field('homeOwner', 'Homeowner', 'flag'),
      field('mortgageCompany', 'Mortgage company'),
      field('mortgageAccount', 'Mortgage account', 'sensitive'),
    ],
  },
  {
    title: 'Preferences',
    fields: [
      choice(
        'budgetRange',
        'Budget range (per month)',
        BUDGET_RANGES.map((value) => ({ value, label: BUDGET_LABELS[value] })),
      ),
      choice('preferredCoverage', 'Preferred coverage', titled(PREFERRED_COVERAGES)),
      choice('insuranceType', 'Insurance type', titled(INSURANCE_TYPES)),
      field('specialRequirements', 'Special requirements', 'longText'),
    ],
  },
  { title: 'Notes', fields: [field('notes', 'Notes', 'longText')] },
]

export const CLIENT_FIELDS: readonly ClientFieldSpec[] = CLIENT_SECTIONS.flatMap((section) => section.fields)
