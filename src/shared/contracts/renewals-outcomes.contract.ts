import { z } from 'zod'
import { defineCall } from './call.ts'
import { ComparedQuoteSchema } from './quotes.contract.ts'
import { RenewalOfferSchema, RenewalSchema } from './renewals.contract.ts'
import { RENEWAL_OUTCOME_TEXTS as T } from './renewals-texts.ts'

/** Remarketing, the renewal's comparison and renewing: what closes a renewal as renewed. */

const id = z.uuid()

export const RemarketInputSchema = z
  .object({
    /** The carriers to send to; without them, every fitting carrier smart bulk submission picks. */
    carrierIds: z
      .array(z.uuid({ message: T.unknownCarrier }))
      .max(100)
      .optional(),
    /** The expiring carrier is included unless this says otherwise. */
    excludeExpiringCarrier: z.boolean().default(false),
    /** False keeps the new application as a draft for the agent to edit and send. */
    send: z.boolean().default(true),
  })
  .strict()
export type RemarketInput = z.input<typeof RemarketInputSchema>

export const remarketRenewalCall = defineCall({
  method: 'POST',
  path: '/api/renewals/:id/remarket',
  params: z.object({ id }),
  body: RemarketInputSchema,
  response: z.object({ applicationId: id }),
  status: 201,
})

/** The renewal's comparison: the carrier's renewal offer beside the remarketed application's quotes. */
export const compareRenewalQuotesCall = defineCall({
  method: 'GET',
  path: '/api/renewals/:id/quotes',
  params: z.object({ id }),
  response: z.object({
    /** The expiring term's premium in dollars, the line every row is measured against. */
    expiringPremium: z.number(),
    offer: RenewalOfferSchema.extend({
      /** Dollars a year, so it compares with 6- and 12-month quotes. */
      annualPremium: z.number(),
      changePercent: z.number().nullable(),
    }).nullable(),
    applicationId: id.nullable(),
    quotes: z.array(ComparedQuoteSchema.extend({ changePercent: z.number().nullable() })),
    coverageLabels: z.array(z.string()),
  }),
})

export const RenewInputSchema = z
  .object({
    /** A quote of the remarketed application; without it, the carrier's renewal offer is accepted. */
    quoteId: z.uuid({ message: T.unknownQuote }).optional(),
    /** A new carrier's policy number, when the carrier is not on the API (it answers its own). */
    policyNumber: z.string().trim().min(1, T.policyNumberRequired).max(60).optional(),
  })
  .strict()
export type RenewInput = z.infer<typeof RenewInputSchema>

export const renewRenewalCall = defineCall({
  method: 'POST',
  path: '/api/renewals/:id/renew',
  params: z.object({ id }),
  body: RenewInputSchema,
  /** The policy that carries the next term: the same policy, or the new carrier's. */
  response: z.object({ renewal: RenewalSchema, policyId: id, newPolicy: z.boolean() }),
})
