import { z } from 'zod'
import { SUBMISSION_STATUSES } from '../domain/submission-status.ts'
import { defineCall } from './call.ts'
import { SUBMISSION_METHODS } from './carriers.contract.ts'

// Calls of carrier delivery: a submission's follow-up by the agent, and an agency's carrier connections.
const IdParamsSchema = z.object({ id: z.uuid({ message: 'Not found' }) })

/** One change of a carrier submission: by delivery, the carrier's webhook, or the agent. */
export const SubmissionChangeSchema = z.object({
  fromStatus: z.enum(SUBMISSION_STATUSES).nullable(),
  toStatus: z.enum(SUBMISSION_STATUSES),
  source: z.enum(['delivery', 'carrier', 'agent']),
  message: z.string().nullable(),
  createdAt: z.string(),
})

export const CarrierSubmissionSchema = z.object({
  id: z.string(),
  carrierId: z.string(),
  carrierName: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  /** The carrier's submission method when it was delivered: api, email, pdf or manual. */
  method: z.enum(SUBMISSION_METHODS),
  message: z.string().nullable(),
  confirmationNumber: z.string().nullable(),
  /** Delivery attempts so far. */
  attempts: z.number().int(),
  /** The packet (PDF) made for this carrier, when its method needs one. */
  documentId: z.string().nullable(),
  updatedAt: z.string(),
  history: z.array(SubmissionChangeSchema),
})
export type CarrierSubmission = z.infer<typeof CarrierSubmissionSchema>

/** Queue a failed delivery again. */
export const retrySubmissionCall = defineCall({
  method: 'POST',
  path: '/api/submissions/:id/retry',
  params: IdParamsSchema,
  response: CarrierSubmissionSchema,
})

/** The agent sent the packet of a PDF or manual carrier. */
export const markSubmissionSentCall = defineCall({
  method: 'POST',
  path: '/api/submissions/:id/mark-sent',
  params: IdParamsSchema,
  body: z.object({ confirmationNumber: z.string().trim().max(100).optional() }),
  response: CarrierSubmissionSchema,
})

export const CarrierConnectionSchema = z.object({
  carrierId: z.string(),
  apiEndpoint: z.string().nullable(),
  hasSecret: z.boolean(),
  /** Where the carrier posts status updates. */
  webhookUrl: z.string(),
  /** Shown once, right after it is generated. */
  secret: z.string().optional(),
})
export type CarrierConnection = z.infer<typeof CarrierConnectionSchema>

export const CONNECTION_TEXTS = {
  endpointInvalid: 'Enter the https:// address the carrier gave you',
  endpointPrivate: 'This address is on a private network; carriers must be reachable on the internet',
  endpointUnresolvable: 'This address does not resolve',
  endpointRequired: 'Enter the API endpoint first: this carrier has no connection yet',
  nothingToChange: 'Nothing to change: give an API endpoint or ask for a new secret',
} as const

export const getCarrierConnectionCall = defineCall({
  method: 'GET',
  path: '/api/carriers/:id/connection',
  params: IdParamsSchema,
  response: CarrierConnectionSchema,
})

/**
 * A partial update: a field left out keeps what is saved, so the secret can be rotated without
 * the endpoint and the endpoint changed without rotating. A first connection needs an endpoint.
 */
export const updateCarrierConnectionCall = defineCall({
  method: 'PUT',
  path: '/api/carriers/:id/connection',
  params: IdParamsSchema,
  body: z
    .object({
      /** Left out: keep the saved one; empty or null: clear it (deliver by email or packet). */
      apiEndpoint: z
        .string()
        .trim()
        .max(500)
        .url(CONNECTION_TEXTS.endpointInvalid)
        .nullable()
        .or(z.literal('').transform(() => null))
        .optional(),
      /** Generate a new shared secret (signing our requests and checking the carrier's webhooks). */
      rotateSecret: z.boolean().default(false),
    })
    .refine((body) => body.apiEndpoint !== undefined || body.rotateSecret, CONNECTION_TEXTS.nothingToChange),
  response: CarrierConnectionSchema,
})
