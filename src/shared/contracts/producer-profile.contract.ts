import { z } from 'zod'
import { DOCUMENT_TYPES } from '../domain/document-types.ts'
import { defineCall } from './call.ts'

// The producer profile of the appointments screen (issue #12): enter once, prefilled after.

/** One document type on the agent's file: the newest upload of it, and when it runs out. */
export const DocumentOnFileSchema = z.object({
  documentType: z.enum(DOCUMENT_TYPES),
  document: z
    .object({ id: z.string(), fileName: z.string(), fileSize: z.number(), uploadedAt: z.string() })
    .nullable(),
  /** The E&O certificate runs out with the coverage (the application's E&O expiration date). */
  expiresOn: z.string().nullable(),
  expired: z.boolean(),
})

/**
 * The producer profile: what the agent last sent (prefilled into a new application, without the
 * signature, the confirmations and the consents, which are given afresh each time), and their
 * documents on file. Null prefill before the first application.
 */
export const ProducerProfileSchema = z.object({
  prefill: z
    .object({
      fullName: z.string(),
      npn: z.string(),
      email: z.string(),
      phone: z.string(),
      stateLicenses: z.array(z.string()),
      linesOfAuthority: z.array(z.string()),
      eoInsuranceCarrier: z.string(),
      eoInsuranceAmount: z.number(),
      eoExpirationDate: z.string(),
      agencyAffiliation: z.string(),
      agencyCode: z.string(),
    })
    .nullable(),
  documents: z.array(DocumentOnFileSchema),
})
export type ProducerProfile = z.infer<typeof ProducerProfileSchema>

export const getProducerProfileCall = defineCall({
  method: 'GET',
  path: '/api/appointments/profile',
  response: ProducerProfileSchema,
})
