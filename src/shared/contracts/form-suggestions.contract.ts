import { z } from 'zod'
import { defineCall } from './call.ts'

/**
 * Form suggestions (spec part 3 §3, §7): values the assistant proposes for a form's fields, each
 * with a confidence (0 to 1) and what it was based on. At most 3 are shown at a time (§9).
 */
export const FORM_TYPES = ['client', 'application'] as const
export type FormType = (typeof FORM_TYPES)[number]
export const SUGGESTIONS_SHOWN = 3

export const FORM_SUGGESTION_TEXTS = {
  formType: 'Choose a form type: client or application',
  generated: 'Form suggestions generated!',
  heading: 'Suggestions',
  accept: 'Accept',
} as const

/**
 * The fields suggestions are made from (by their last name segment): a form sends only these and
 * the fields a suggestion may fill, never the rest of a client's record.
 */
export const SUGGESTION_SOURCES = [
  'insuranceType',
  'zipCode',
  'mailingZipCode',
  'vehicleVin',
  'vehicleYear',
  'coverageType',
  'budgetRange',
  'preferredCoverage',
  'homeOwner',
  'annualIncome',
  'accidentsLast5Years',
  'dui',
] as const

/** How a suggestion names the field it fills (by the field's last name segment). */
export const SUGGESTION_FIELD_LABELS: Record<string, string> = {
  city: 'City',
  state: 'State',
  mailingCity: 'Mailing city',
  mailingState: 'Mailing state',
  vehicleYear: 'Vehicle year',
  vehicleMake: 'Vehicle make',
  coverageType: 'Coverage type',
  deductible: 'Deductible ($)',
  liabilityLimit: 'Liability limit',
  preferredCoverage: 'Preferred coverage',
}

export const FormSuggestionSchema = z.object({
  id: z.string(),
  formType: z.enum(FORM_TYPES),
  /** The form field it fills, as the form names it ('city', 'applicationData.autoData.vehicleMake'). */
  fieldName: z.string(),
  suggestedValue: z.string(),
  confidence: z.number().min(0).max(1),
  basedOn: z.string(),
  isAccepted: z.boolean(),
  createdAt: z.string(),
})
export type FormSuggestion = z.infer<typeof FormSuggestionSchema>

const formType = z.enum(FORM_TYPES, { message: FORM_SUGGESTION_TEXTS.formType })

export const listFormSuggestionsCall = defineCall({
  method: 'GET',
  path: '/api/ai/form-suggestions',
  query: z.object({ formType }),
  response: z.array(FormSuggestionSchema),
})

export const GenerateSuggestionsSchema = z.object({
  formType,
  /** The form's values as it holds them: flat, or nested as the application wizard nests them. */
  formData: z.record(z.string(), z.unknown()).default({}),
  carrierId: z.string().max(100).nullish(),
})
export type GenerateSuggestionsInput = z.input<typeof GenerateSuggestionsSchema>

export const generateFormSuggestionsCall = defineCall({
  method: 'POST',
  path: '/api/ai/form-suggestions/generate',
  body: GenerateSuggestionsSchema,
  response: z.object({
    suggestions: z.array(FormSuggestionSchema),
    /** What the assistant noticed but could not suggest from, e.g. a VIN whose check digit fails. */
    notes: z.array(z.string()),
    message: z.string(),
  }),
})

export const updateFormSuggestionCall = defineCall({
  method: 'PATCH',
  path: '/api/ai/form-suggestions/:id',
  params: z.object({ id: z.uuid({ message: 'Not found' }) }),
  body: z.object({
    isAccepted: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
      message: 'isAccepted must be true or false',
    }),
  }),
  response: FormSuggestionSchema,
})
