import { z } from 'zod'
import { APPLICATION_STATUSES } from '../domain/application-status.ts'
import { isCalendarDate } from '../domain/calendar-date.ts'
import { SUBMISSION_TYPES } from '../domain/carrier-matching.ts'
import { INSURANCE_TYPES } from '../domain/insurance-types.ts'
import { APPLICATION_TEXTS } from './applications-texts.ts'
import { defineCall } from './call.ts'
import { CarrierSubmissionSchema } from './carrier-delivery.contract.ts'
import { BUDGET_RANGES, ClientInputSchema, PREFERRED_COVERAGES } from './clients.contract.ts'

export { APPLICATIONS_EXPORT_PATH } from './applications-texts.ts'
export { APPLICATION_TEXTS }

const num = z.coerce.number().min(0).max(1e12).optional()
const str = (max = 200) => z.string().trim().max(max).optional()

export const AutoDataSchema = z.object({
  vehicleYear: num,
  vehicleMake: str(),
  vehicleModel: str(),
  vehicleVin: str(17),
  annualMileage: num,
  primaryUse: str(),
  coverageType: str(),
  deductible: num,
  liabilityLimit: str(),
})
export const PropertyDataSchema = z.object({
  propertyType: str(),
  propertyValue: num,
  yearBuilt: num,
  squareFootage: num,
  roofType: str(),
  heatingType: str(),
  foundationType: str(),
  coverageAmount: num,
  deductible: num,
})
export const LifeDataSchema = z.object({
  policyType: str(),
  coverageAmount: num,
  termLength: num,
  beneficiaryName: str(),
  beneficiaryRelationship: str(),
  healthQuestions: z.record(z.string(), z.union([z.boolean(), z.string().max(500)])).optional(),
})
export const CommercialDataSchema = z.object({
  businessType: str(),
  numberOfEmployees: num,
  annualRevenue: num,
  yearsInBusiness: num,
  businessAddress: str(),
  coverageTypes: z.array(z.string().max(100)).max(30).optional(),
})
export const HealthcareDataSchema = z.object({
  planType: str(),
  coverageLevel: str(),
  deductible: num,
  copay: num,
  networkPreference: str(),
})

/** The per-type blocks and the extra fields of spec part 1 §3. */
export const ApplicationDataSchema = z.object({
  autoData: AutoDataSchema.optional(),
  propertyData: PropertyDataSchema.optional(),
  lifeData: LifeDataSchema.optional(),
  commercialData: CommercialDataSchema.optional(),
  healthcareData: HealthcareDataSchema.optional(),
  businessName: str(),
  businessType: str(),
  industryType: str(),
  yearEstablished: num,
  employeeCount: num,
  annualRevenue: num,
  businessDescription: str(2000),
  planType: str(),
  coverageType: str(),
  dependentsCount: num,
  householdIncome: num,
  prescriptionCoverage: z.boolean().optional(),
  dentalCoverage: z.boolean().optional(),
  /** The client's preferences for this application (wizard step 3), kept with it for any client. */
  budgetRange: z.enum(BUDGET_RANGES).optional(),
  preferredCoverage: z.enum(PREFERRED_COVERAGES).optional(),
})
export type ApplicationData = z.infer<typeof ApplicationDataSchema>

/** The wizard's client fields: the client rules with the wizard's messages, SSN required. */
export const WizardClientSchema = ClientInputSchema.extend({
  firstName: z.string().trim().min(1, APPLICATION_TEXTS.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, APPLICATION_TEXTS.lastNameRequired).max(100),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, APPLICATION_TEXTS.emailInvalid)
    .email(APPLICATION_TEXTS.emailInvalid),
  phone: z.string().trim().min(10, APPLICATION_TEXTS.phoneRequired).max(30),
  dateOfBirth: z
    .string()
    .trim()
    .min(1, APPLICATION_TEXTS.dateOfBirthRequired)
    .regex(/^\d{4}-\d{2}-\d{2}$/, APPLICATION_TEXTS.dateOfBirthRequired),
  ssn: z
    .string()
    .trim()
    .min(9, APPLICATION_TEXTS.ssnRequired)
    .regex(/^\d{3}-?\d{2}-?\d{4}$/, APPLICATION_TEXTS.ssnRequired),
  address: z.string().trim().min(1, APPLICATION_TEXTS.addressRequired).max(200),
  city: z.string().trim().min(1, APPLICATION_TEXTS.cityRequired).max(100),
  state: z.string().trim().min(1, APPLICATION_TEXTS.stateRequired).max(50),
  zipCode: z.string().trim().min(5, APPLICATION_TEXTS.zipRequired).max(10),
})

export const CarrierFiltersSchema = z.object({
  maxPrice: z.coerce.number().min(50).max(1000),
  minCoverageRating: z.coerce.number().min(1).max(5),
  minConsumerConfidence: z.coerce.number().min(1).max(5),
  preferredFinancialStrength: z.array(z.string().max(5)).max(10).default([]),
})

const optionalId = z
  .uuid({ message: 'Not found' })
  .optional()
  .or(z.literal('').transform(() => undefined))

/** The submission split of spec part 1 §3. */
export const CreateApplicationSchema = z
  .object({
    clientId: optionalId,
    clientData: WizardClientSchema.optional(),
    insuranceType: z.enum(INSURANCE_TYPES, { message: 'Choose an insurance type' }),
    isBulkSubmission: z.boolean().optional(),
    bulkSubmissionType: z.enum(SUBMISSION_TYPES).default('filtered_carriers'),
    carrierFilters: CarrierFiltersSchema.nullable().optional(),
    carrierId: optionalId,
    secondaryCarrierId: optionalId,
    applicationData: ApplicationDataSchema.default({}),
    notes: z.string().trim().max(5000).optional(),
  })
  .refine((input) => input.clientId || input.clientData, {
    message: APPLICATION_TEXTS.clientRequired,
    path: ['clientId'],
  })
  .refine((input) => input.bulkSubmissionType !== 'specific_carriers' || input.carrierId, {
    message: APPLICATION_TEXTS.primaryCarrierRequired,
    path: ['carrierId'],
  })
export type CreateApplicationInput = z.input<typeof CreateApplicationSchema>

const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES)

export const ApplicationListItemSchema = z.object({
  id: z.string(),
  status: ApplicationStatusSchema,
  insuranceType: z.enum(INSURANCE_TYPES),
  createdAt: z.string(),
  client: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    /** The client's address as stored: free text, so not always a two-letter code. */
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    /** Whole years, from the date of birth on file; null without one. */
    age: z.number().int().nullable(),
  }),
  /** The primary carrier, or null when the application went to several carriers. */
  carrier: z.object({ id: z.string(), name: z.string() }).nullable(),
  carrierCount: z.number().int(),
})
export type ApplicationListItem = z.infer<typeof ApplicationListItemSchema>

export const StatusChangeSchema = z.object({
  fromStatus: ApplicationStatusSchema.nullable(),
  toStatus: ApplicationStatusSchema,
  changedBy: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
})

export const ApplicationSchema = ApplicationListItemSchema.extend({
  updatedAt: z.string(),
  submissionType: z.enum(SUBMISSION_TYPES),
  carrierFilters: z
    .object({
      maxPrice: z.number(),
      minCoverageRating: z.number(),
      minConsumerConfidence: z.number(),
      preferredFinancialStrength: z.array(z.string()),
    })
    .nullable(),
  secondaryCarrier: z.object({ id: z.string(), name: z.string() }).nullable(),
  applicationData: z.record(z.string(), z.unknown()),
  notes: z.string().nullable(),
  submissions: z.array(CarrierSubmissionSchema),
  history: z.array(StatusChangeSchema),
})
export type Application = z.infer<typeof ApplicationSchema>

/** A real calendar date from year 1: z.iso.date() alone takes 0000-01-01, which PostgreSQL refuses. */
const filterDate = z.iso.date().refine(isCalendarDate, APPLICATION_TEXTS.filterDateInvalid)

export const ApplicationFiltersSchema = z.object({
  status: ApplicationStatusSchema.optional(),
  type: z.enum(INSURANCE_TYPES).optional(),
  carrierId: z.uuid().optional(),
  clientId: z.uuid().optional(),
  from: filterDate.optional(),
  to: filterDate.optional(),
})

export const listApplicationsCall = defineCall({
  method: 'GET',
  path: '/api/applications',
  query: ApplicationFiltersSchema.extend({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z.string().max(200).optional(),
  }),
  response: z.object({ data: z.array(ApplicationListItemSchema), nextCursor: z.string().nullable() }),
})

export const applicationSummaryCall = defineCall({
  method: 'GET',
  path: '/api/applications/summary',
  response: z.object({
    total: z.number().int(),
    draft: z.number().int(),
    pending: z.number().int(),
    review: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    /** One of its quotes became a policy. */
    bound: z.number().int(),
  }),
})

const ApplicationIdSchema = z.object({ id: z.uuid({ message: 'Not found' }) })

export const getApplicationCall = defineCall({
  method: 'GET',
  path: '/api/applications/:id',
  params: ApplicationIdSchema,
  response: ApplicationSchema,
})

export const createApplicationCall = defineCall({
  method: 'POST',
  path: '/api/applications',
  body: CreateApplicationSchema,
  status: 201,
  response: ApplicationSchema,
})

export const updateApplicationCall = defineCall({
  method: 'PUT',
  path: '/api/applications/:id',
  params: ApplicationIdSchema,
  body: z.object({
    status: ApplicationStatusSchema.optional(),
    notes: z.string().trim().max(5000).optional(),
    note: z.string().trim().max(1000).optional(),
  }),
  response: ApplicationSchema,
})
