import type { InsuranceType } from '#shared/domain/insurance-types.ts'

export interface CoverageField {
  name: string
  label: string
  kind: 'text' | 'number' | 'select' | 'textarea'
  options?: readonly string[]
  maxLength?: number
  hint?: string
}

export type BlockKey = 'autoData' | 'propertyData' | 'lifeData' | 'commercialData' | 'healthcareData'

const text = (name: string, label: string, maxLength?: number): CoverageField => ({
  name,
  label,
  kind: 'text',
  maxLength,
})
const number = (name: string, label: string, hint?: string): CoverageField => ({
  name,
  label,
  kind: 'number',
  hint,
})
const select = (name: string, label: string, options: readonly string[]): CoverageField => ({
  name,
  label,
  kind: 'select',
  options,
})

/** Every field of each type's block (spec part 1 §3, the contract's block schemas). */
export const COVERAGE_BLOCKS: Record<InsuranceType, { key: BlockKey; fields: readonly CoverageField[] }> = {
  auto: {
    key: 'autoData',
    fields: [
      number('vehicleYear', 'Vehicle year'),
      text('vehicleMake', 'Vehicle make'),
      text('vehicleModel', 'Vehicle model'),
      text('vehicleVin', 'VIN', 17),
      number('annualMileage', 'Annual mileage'),
      select('primaryUse', 'Primary use', ['Commute', 'Pleasure', 'Business', 'Rideshare']),
      select('coverageType', 'Coverage type', ['Liability only', 'Full coverage', 'Comprehensive']),
      number('deductible', 'Deductible ($)'),
      select('liabilityLimit', 'Liability limit', ['25/50/25', '50/100/50', '100/300/100', '250/500/250']),
    ],
  },
  property: {
    key: 'propertyData',
    fields: [
      select('propertyType', 'Property type', [
        'Single family',
        'Condo',
        'Townhouse',
        'Multi-family',
        'Mobile home',
      ]),
      number('propertyValue', 'Property value ($)'),
      number('yearBuilt', 'Year built'),
      number('squareFootage', 'Square footage'),
      select('roofType', 'Roof type', ['Asphalt shingle', 'Metal', 'Tile', 'Slate', 'Wood shake', 'Flat']),
      select('heatingType', 'Heating type', ['Gas', 'Electric', 'Oil', 'Heat pump', 'Other']),
      select('foundationType', 'Foundation type', ['Slab', 'Crawl space', 'Basement', 'Pier']),
      number('coverageAmount', 'Coverage amount ($)'),
      number('deductible', 'Deductible ($)'),
    ],
  },
  life: {
    key: 'lifeData',
    fields: [
      select('policyType', 'Policy type', ['Term', 'Whole', 'Universal', 'Variable']),
      number('coverageAmount', 'Coverage amount ($)'),
      number('termLength', 'Term length (years)'),
      text('beneficiaryName', 'Beneficiary name'),
      select('beneficiaryRelationship', 'Beneficiary relationship', [
        'Spouse',
        'Child',
        'Parent',
        'Sibling',
        'Other',
      ]),
    ],
  },
  commercial: {
    key: 'commercialData',
    fields: [
      select('businessType', 'Business type', [
        'Sole proprietorship',
        'Partnership',
        'LLC',
        'Corporation',
        'Nonprofit',
      ]),
      number('numberOfEmployees', 'Number of employees'),
      number('annualRevenue', 'Annual revenue ($)'),
      number('yearsInBusiness', 'Years in business'),
      text('businessAddress', 'Business address'),
    ],
  },
  healthcare: {
    key: 'healthcareData',
    fields: [
      select('planType', 'Plan type', ['HMO', 'PPO', 'EPO', 'POS', 'HDHP']),
      select('coverageLevel', 'Coverage level', ['Individual', 'Individual + spouse', 'Family']),
      number('deductible', 'Deductible ($)'),
      number('copay', 'Copay ($)'),
      select('networkPreference', 'Network preference', ['Any', 'In-network only', 'Keep my doctors']),
    ],
  },
}

/** The extra fields of spec part 1 §3 that fit the type (sent at the top of applicationData). */
export const EXTRA_FIELDS: Partial<Record<InsuranceType, readonly CoverageField[]>> = {
  commercial: [
    text('businessName', 'Business name'),
    text('industryType', 'Industry'),
    number('yearEstablished', 'Year established'),
    { name: 'businessDescription', label: 'Business description', kind: 'textarea', maxLength: 2000 },
  ],
  healthcare: [
    number('dependentsCount', 'Number of dependents'),
    number('householdIncome', 'Household income ($ a year)'),
  ],
}

export const LIFE_HEALTH_QUESTIONS = [
  ['usesTobacco', 'Uses tobacco or nicotine'],
  ['chronicCondition', 'Has a chronic medical condition'],
  ['hospitalizedLast5Years', 'Hospitalized in the last 5 years'],
] as const

export const COMMERCIAL_COVERAGE_TYPES = [
  'General liability',
  'Professional liability',
  'Commercial property',
  "Workers' compensation",
  'Commercial auto',
  'Cyber liability',
] as const

export const HEALTHCARE_FLAGS = [
  ['prescriptionCoverage', 'Prescription coverage'],
  ['dentalCoverage', 'Dental coverage'],
] as const

export const BUDGET_RANGE_LABELS = {
  under_100: 'Under $100 per month',
  '100_200': '$100-200 per month',
  '200_500': '$200-500 per month',
  over_500: 'Over $500 per month',
} as const

export const PREFERRED_COVERAGE_LABELS = {
  basic: 'Basic',
  standard: 'Standard',
  comprehensive: 'Comprehensive',
  premium: 'Premium',
} as const

/** Number inputs convert to a number, falling back to 0 (spec part 1 §5); empty stays unsent. */
export function toNumber(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const parsed = Number(value)
  return Number.isFinite(parsed) ? parsed : 0
}
