import { SLIDERS, type SubmissionType } from '#shared/domain/carrier-matching.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'

/** The personal fields the wizard asks for (spec part 1 §2 step 2, §5), plus a few optional ones. */
export const CLIENT_FIELD_NAMES = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'ssn',
  'address',
  'city',
  'state',
  'zipCode',
  'middleName',
  'gender',
  'maritalStatus',
  'preferredContactMethod',
  'budgetRange',
  'preferredCoverage',
] as const
export type ClientFieldName = (typeof CLIENT_FIELD_NAMES)[number]

/**
 * Everything the four steps hold. The names mirror the request body (clientData.firstName,
 * applicationData.autoData.vehicleYear, carrierFilters.maxPrice), so a 400's field paths land on
 * their fields. Inputs keep text; the payload builder converts numbers.
 */
export interface WizardValues {
  insuranceType: InsuranceType | ''
  clientMode: 'new' | 'existing'
  clientId: string
  clientName: string
  clientData: Record<ClientFieldName, string>
  applicationData: {
    autoData: Record<string, string>
    propertyData: Record<string, string>
    lifeData: Record<string, string>
    commercialData: Record<string, string>
    healthcareData: Record<string, string>
  }
  /** The flat extra fields of spec part 1 §3 (business and household details). */
  extras: Record<string, string>
  flags: { prescriptionCoverage: boolean; dentalCoverage: boolean }
  healthQuestions: Record<string, boolean>
  coverageTypes: string[]
  bulkSubmissionType: SubmissionType
  carrierId: string
  secondaryCarrierId: string
  carrierFilters: {
    maxPrice: number
    minCoverageRating: number
    minConsumerConfidence: number
    preferredFinancialStrength: string[]
  }
  notes: string
}

export function emptyWizardValues(): WizardValues {
  return {
    insuranceType: '',
    clientMode: 'new',
    clientId: '',
    clientName: '',
    clientData: Object.fromEntries(CLIENT_FIELD_NAMES.map((name) => [name, ''])) as Record<
      ClientFieldName,
      string
    >,
    applicationData: { autoData: {}, propertyData: {}, lifeData: {}, commercialData: {}, healthcareData: {} },
    extras: {},
    flags: { prescriptionCoverage: false, dentalCoverage: false },
    healthQuestions: {},
    coverageTypes: [],
    bulkSubmissionType: 'filtered_carriers',
    carrierId: '',
    secondaryCarrierId: '',
    carrierFilters: {
      maxPrice: SLIDERS.maxPrice.default,
      minCoverageRating: SLIDERS.minCoverageRating.default,
      minConsumerConfidence: SLIDERS.minConsumerConfidence.default,
      preferredFinancialStrength: [],
    },
    notes: '',
  }
}

export const LAST_STEP = 3

const present = (value: string | undefined) => Boolean(value?.trim())

/** Spec part 1 §4: when Next (and on the last step, submit) is enabled. */
export function canLeaveStep(step: number, values: WizardValues): boolean {
  switch (step) {
    case 0:
      return values.insuranceType !== ''
    case 1:
      if (values.clientMode === 'existing') return present(values.clientId)
      return (['firstName', 'lastName', 'email', 'phone'] as const).every((name) =>
        present(values.clientData[name]),
      )
    case 3:
      return values.bulkSubmissionType !== 'specific_carriers' || present(values.carrierId)
    default:
      return true
  }
}

const STORED_KEY_WORDS = ['application', 'form', 'insurance']

/** Spec part 1 §4: opening the wizard clears browser-stored keys naming an application or form. */
export function clearStoredWizardData(): void {
  for (const storage of [window.sessionStorage, window.localStorage]) {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index))
    for (const key of keys) {
      if (key && STORED_KEY_WORDS.some((word) => key.toLowerCase().includes(word))) storage.removeItem(key)
    }
  }
}
