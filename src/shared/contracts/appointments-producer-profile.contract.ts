import { z } from 'zod'
import { DOCUMENT_TYPES } from '../domain/document-types.ts'
import { AppointmentSchema } from './appointments.contract.ts'
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
  /** Past its date by the UTC day (the page judges by the agent's own day). */
  expired: z.boolean(),
})

/**
 * The producer profile: what the agent last sent (prefilled into a new application, without the
 * signature, the confirmations and the consents, which are given afresh each time), and their
 * documents on file. Null prefill before the first application.
 */
export const ProducerProfileSchema = z.object({
  prefill: AppointmentSchema.pick({
    fullName: true,
    npn: true,
    email: true,
    phone: true,
    stateLicenses: true,
    linesOfAuthority: true,
    eoInsuranceCarrier: true,
    eoInsuranceAmount: true,
    eoExpirationDate: true,
    agencyAffiliation: true,
    agencyCode: true,
  }).nullable(),
  documents: z.array(DocumentOnFileSchema),
})
export type ProducerProfile = z.infer<typeof ProducerProfileSchema>

export const getProducerProfileCall = defineCall({
  method: 'GET',
  path: '/api/appointments/profile',
  response: ProducerProfileSchema,
})
