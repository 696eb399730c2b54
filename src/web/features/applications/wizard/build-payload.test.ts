import { describe, expect, it } from 'vitest'
import { CreateApplicationSchema } from '#shared/contracts/applications.contract.ts'
import { buildApplicationPayload, stepOfPath, toWizardPath, validateWizardClient } from './build-payload.ts'
import { emptyWizardValues, type WizardValues } from './wizard-values.ts'

const CLIENT_ID = '00000000-0000-4000-8000-000000000900'
const CARRIER = '00000000-0000-4000-8000-000000000001'
const SECOND = '00000000-0000-4000-8000-000000000002'

function values(overrides: Partial<WizardValues> = {}): WizardValues {
  return {
    ...emptyWizardValues(),
    insuranceType: 'auto',
    carrierId: CARRIER,
    secondaryCarrierId: SECOND,
    ...overrides,
  }
}

describe('buildApplicationPayload: the submission split', () => {
  it('sends carriers and no filters for a specific submission', () => {
    const payload = buildApplicationPayload(values({ bulkSubmissionType: 'specific_carriers' }), {
      clientId: CLIENT_ID,
    })
    expect(payload).toMatchObject({
      clientId: CLIENT_ID,
      isBulkSubmission: false,
      bulkSubmissionType: 'specific_carriers',
      carrierFilters: null,
      carrierId: CARRIER,
      secondaryCarrierId: SECOND,
    })
    expect(CreateApplicationSchema.safeParse(payload).success).toBe(true)
  })

  it('sends the filters, and no carriers, only for a filtered submission', () => {
    const payload = buildApplicationPayload(values(), { clientId: CLIENT_ID })
    expect(payload.isBulkSubmission).toBe(true)
    expect(payload.carrierFilters).toEqual({
      maxPrice: 200,
      minCoverageRating: 3,
      minConsumerConfidence: 3.5,
      preferredFinancialStrength: [],
    })
    expect(payload.carrierId).toBeUndefined()
    expect(payload.secondaryCarrierId).toBeUndefined()
  })

  it('sends null filters and no carriers to all carriers', () => {
    const payload = buildApplicationPayload(values({ bulkSubmissionType: 'all_carriers' }), {
      clientId: CLIENT_ID,
    })
    expect(payload).toMatchObject({
      isBulkSubmission: true,
      bulkSubmissionType: 'all_carriers',
      carrierFilters: null,
    })
    expect(payload.carrierId).toBeUndefined()
  })

  it("converts numbers (0 when unreadable, unsent when empty) and sends only the type's block", () => {
    const input = values()
    input.applicationData.autoData = {
      vehicleYear: '2021',
      annualMileage: 'lots',
      deductible: '',
      vehicleMake: ' Ford ',
    }
    input.applicationData.lifeData = { coverageAmount: '100000' }
    const payload = buildApplicationPayload(input, { clientId: CLIENT_ID })
    expect(payload.applicationData).toEqual({
      autoData: { vehicleYear: 2021, annualMileage: 0, vehicleMake: 'Ford' },
    })
  })

  it('adds the fitting extra fields: business details, health questions, household and coverage flags', () => {
    const commercial = values({ insuranceType: 'commercial', coverageTypes: ['Cyber liability'] })
    commercial.extras = { businessName: 'Acme', yearEstablished: '1999', dependentsCount: '3' }
    expect(buildApplicationPayload(commercial, { clientId: CLIENT_ID }).applicationData).toEqual({
      commercialData: { coverageTypes: ['Cyber liability'] },
      businessName: 'Acme',
      yearEstablished: 1999,
    })
    const life = values({ insuranceType: 'life', healthQuestions: { usesTobacco: true } })
    expect(buildApplicationPayload(life, { clientId: CLIENT_ID }).applicationData).toEqual({
      lifeData: { healthQuestions: { usesTobacco: true } },
    })
    const health = values({
      insuranceType: 'healthcare',
      flags: { prescriptionCoverage: true, dentalCoverage: false },
    })
    health.extras = { householdIncome: '85000' }
    expect(buildApplicationPayload(health, { clientId: CLIENT_ID }).applicationData).toEqual({
      healthcareData: {},
      householdIncome: 85000,
      prescriptionCoverage: true,
      dentalCoverage: false,
    })
  })
})

describe('validateWizardClient', () => {
  it('answers the spec messages at their form paths', () => {
    const result = validateWizardClient(emptyWizardValues())
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toContainEqual({ path: 'clientData.ssn', message: 'SSN is required' })
    expect(result.errors).toContainEqual({ path: 'clientData.zipCode', message: 'ZIP code is required' })
  })
})

describe('server field paths', () => {
  it('maps request paths onto wizard fields and their steps', () => {
    expect(toWizardPath('clientData.firstName')).toBe('clientData.firstName')
    expect(toWizardPath('email', true)).toBe('clientData.email')
    expect(toWizardPath('applicationData.autoData.vehicleVin')).toBe('applicationData.autoData.vehicleVin')
    expect(toWizardPath('applicationData.businessName')).toBe('extras.businessName')
    expect(toWizardPath('carrierId')).toBe('carrierId')
    expect(toWizardPath('somethingElse')).toBeUndefined()
    expect(stepOfPath('insuranceType')).toBe(0)
    expect(stepOfPath('clientData.email')).toBe(1)
    expect(stepOfPath('clientData.budgetRange')).toBe(2)
    expect(stepOfPath('extras.businessName')).toBe(2)
    expect(stepOfPath('carrierId')).toBe(3)
  })
})
