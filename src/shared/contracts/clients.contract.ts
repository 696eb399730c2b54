import { z } from 'zod'
import { isCalendarDate } from '../domain/calendar-date.ts'
import { INSURANCE_TYPES } from '../domain/insurance-types.ts'
import { defineCall } from './call.ts'

import { CLIENT_MESSAGES } from './clients-texts.ts'

export { CLIENT_MESSAGES, INSURANCE_TYPES }

export const GENDERS = ['Male', 'Female', 'Non-binary', 'Prefer not to say'] as const
export const MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed', 'Separated'] as const
export const CONTACT_METHODS = ['email', 'phone', 'text'] as const
export const RESIDENCE_TYPES = ['Own', 'Rent', 'Other'] as const
export const EMPLOYMENT_STATUSES = [
  'Full-time',
  'Part-time',
  'Self-employed',
  'Retired',
  'Unemployed',
] as const
export const ACCOUNT_TYPES = ['Checking', 'Savings'] as const
export const BUDGET_RANGES = ['under_100', '100_200', '200_500', 'over_500'] as const
export const PREFERRED_COVERAGES = ['basic', 'standard', 'comprehensive', 'premium'] as const

/** Fields kept encrypted at rest and answered masked unless revealed (which is audited). */
export const SENSITIVE_CLIENT_FIELDS = [
  'ssn',
  'spouseSsn',
  'driversLicenseNumber',
  'mortgageAccount',
] as const
export type SensitiveClientField = (typeof SENSITIVE_CLIENT_FIELDS)[number]

/** An optional field: '' and null (a round-tripped "not on file") both mean absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), z.null().transform(() => undefined), schema]).optional()
const text = (max = 200) =>
  optional(
    z
      .string()
      .trim()
      .max(max, CLIENT_MESSAGES.tooLong.replace('{max}', String(max))),
  )
const isoDate = z.string().trim().refine(isCalendarDate, CLIENT_MESSAGES.dateInvalid)
const optionalDate = optional(isoDate)
const count = z.coerce
  .number({ message: CLIENT_MESSAGES.numberInvalid })
  .int(CLIENT_MESSAGES.numberInvalid)
  .min(0, CLIENT_MESSAGES.numberInvalid)
  .max(1_000_000_000, CLIENT_MESSAGES.numberInvalid)
const optionalCount = optional(count)
const ssn = optional(
  z
    .string()
    .trim()
    .regex(/^\d{3}-?\d{2}-?\d{4}$/, CLIENT_MESSAGES.ssnFormat),
)
const choice = <T extends readonly [string, ...string[]]>(values: T) => optional(z.enum(values))
const flag = optional(z.boolean())

/** Every field of the Client entity (spec part 1 §3), grouped as the spec groups them. */
export const ClientInputSchema = z.object({
  // core
  firstName: z
    .string()
    .trim()
    .min(1, CLIENT_MESSAGES.firstNameRequired)
    .max(100, CLIENT_MESSAGES.tooLong.replace('{max}', '100')),
  lastName: z
    .string()
    .trim()
    .min(1, CLIENT_MESSAGES.lastNameRequired)
    .max(100, CLIENT_MESSAGES.tooLong.replace('{max}', '100')),
  middleName: text(100),
  suffix: text(20),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, CLIENT_MESSAGES.emailInvalid)
    .email(CLIENT_MESSAGES.emailInvalid),
  phone: z
    .string()
    .trim()
    .min(10, CLIENT_MESSAGES.phoneMin)
    .max(30, CLIENT_MESSAGES.tooLong.replace('{max}', '30')),
  dateOfBirth: z.string().trim().min(1, CLIENT_MESSAGES.dateOfBirthRequired).pipe(isoDate),
  ssn,
  gender: choice(GENDERS),
  maritalStatus: choice(MARITAL_STATUSES),
  spouseFirstName: text(100),
  spouseLastName: text(100),
  spouseDateOfBirth: optionalDate,
  spouseSsn: ssn,
  alternatePhone: text(30),
  workPhone: text(30),
  alternateEmail: optional(z.string().trim().toLowerCase().email(CLIENT_MESSAGES.emailInvalid)),
  preferredContactMethod: choice(CONTACT_METHODS),
  // address
  address: z
    .string()
    .trim()
    .min(1, CLIENT_MESSAGES.addressRequired)
    .max(200, CLIENT_MESSAGES.tooLong.replace('{max}', '200')),
  city: z
    .string()
    .trim()
    .min(1, CLIENT_MESSAGES.cityRequired)
    .max(100, CLIENT_MESSAGES.tooLong.replace('{max}', '100')),
  state: z
    .string()
    .trim()
    .min(2, CLIENT_MESSAGES.stateMin)
    .max(50, CLIENT_MESSAGES.tooLong.replace('{max}', '50')),
  zipCode: z
    .string()
    .trim()
    .min(5, CLIENT_MESSAGES.zipMin)
    .max(10, CLIENT_MESSAGES.tooLong.replace('{max}', '10')),
  mailingAddress: text(),
  mailingCity: text(100),
  mailingState: text(50),
  mailingZipCode: text(10),
  residenceType: choice(RESIDENCE_TYPES),
  yearsAtAddress: optionalCount,
  previousAddress: text(),
  // work
  employer: text(),
  occupation: text(),
  jobTitle: text(),
  workAddress: text(),
  /** Dollars a year. */
  annualIncome: optionalCount,
  employmentStatus: choice(EMPLOYMENT_STATUSES),
  yearsWithEmployer: optionalCount,
  creditScore: optional(
    z.coerce
      .number({ message: 'Credit score is 300 to 850' })
      .int('Credit score is 300 to 850')
      .min(300, 'Credit score is 300 to 850')
      .max(850, 'Credit score is 300 to 850'),
  ),
  // banking
  bankName: text(100),
  accountType: choice(ACCOUNT_TYPES),
  // insurance history
  currentInsuranceCarrier: text(),
  currentPolicyNumber: text(100),
  currentPolicyExpiration: optionalDate,
  yearsWithCurrentCarrier: optionalCount,
  priorCarrier: text(),
  /** A number or a phrase ("since 2010"), as the spec allows. */
  yearsInsured: optional(z.union([count.transform(String), z.string().trim().max(50)])),
  lapsesInCoverage: flag,
  lapsesDetails: text(1000),
  // driving
  driversLicenseNumber: text(40),
  driversLicenseState: text(50),
  driversLicenseExpiration: optionalDate,
  driversLicenseClass: text(20),
  accidentsLast5Years: count.default(0),
  violationsLast5Years: count.default(0),
  dui: flag,
  duiDate: optionalDate,
  suspendedLicense: flag,
  suspensionDate: optionalDate,
  // health
  height: text(20),
  weight: text(20),
  smoker: flag,
  smokingHistory: text(1000),
  medications: text(2000),
  medicalConditions: text(2000),
  familyMedicalHistory: text(2000),
  // home
  homeOwner: flag,
  mortgageCompany: text(),
  mortgageAccount: text(40),
  // preferences
  budgetRange: choice(BUDGET_RANGES),
  preferredCoverage: choice(PREFERRED_COVERAGES),
  specialRequirements: text(2000),
  insuranceType: choice(INSURANCE_TYPES),
  notes: text(5000),
})
export type ClientInput = z.input<typeof ClientInputSchema>

type ClientValues = z.output<typeof ClientInputSchema>

/** The detail answer: every field on file, sensitive ones masked ('***-**-6789') or null. */
export type Client = { [K in Exclude<keyof ClientValues, SensitiveClientField>]?: ClientValues[K] } & {
  id: string
  firstName: string
  lastName: string
  createdAt: string
  updatedAt: string
  applicationCount: number
} & { [K in SensitiveClientField]: string | null }

// Answers are encoded through their schema, which must hold no transforms: the fields are checked
// as plain values here, and typed by `Client` above.
export const ClientSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    applicationCount: z.number().int(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()])) as unknown as z.ZodType<Client>

export const ClientListItemSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  createdAt: z.string(),
  applicationCount: z.number().int(),
})
export type ClientListItem = z.infer<typeof ClientListItemSchema>

const ClientIdSchema = z.object({ id: z.uuid({ message: 'Not found' }) })

export const listClientsCall = defineCall({
  method: 'GET',
  path: '/api/clients',
  query: z.object({
    q: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z.string().max(200).optional(),
  }),
  response: z.object({ data: z.array(ClientListItemSchema), nextCursor: z.string().nullable() }),
})

export const clientSummaryCall = defineCall({
  method: 'GET',
  path: '/api/clients/summary',
  response: z.object({ total: z.number().int(), active: z.number().int(), newThisMonth: z.number().int() }),
})

export const getClientCall = defineCall({
  method: 'GET',
  path: '/api/clients/:id',
  params: ClientIdSchema,
  response: ClientSchema,
})

export const createClientCall = defineCall({
  method: 'POST',
  path: '/api/clients',
  body: ClientInputSchema,
  status: 201,
  response: ClientSchema,
})

export const updateClientCall = defineCall({
  method: 'PUT',
  path: '/api/clients/:id',
  params: ClientIdSchema,
  body: ClientInputSchema,
  response: ClientSchema,
})

export const revealClientFieldCall = defineCall({
  method: 'POST',
  path: '/api/clients/:id/reveal',
  params: ClientIdSchema,
  body: z.object({ field: z.enum(SENSITIVE_CLIENT_FIELDS, { message: 'Choose a sensitive field' }) }),
  response: z.object({ field: z.enum(SENSITIVE_CLIENT_FIELDS), value: z.string().nullable() }),
})
