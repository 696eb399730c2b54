import { z } from 'zod'
import { defineCall } from './call.ts'
import { calendarDate, dollars } from './money.ts'
import { PolicySchema } from './policies.contract.ts'

export const QUOTE_STATUSES = ['offered', 'expired', 'declined', 'bound', 'not_taken'] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]
export const TERM_MONTHS = [6, 12] as const

export const QUOTE_TEXTS = {
  title: 'Quotes',
  carrierRequired: 'Choose the carrier that sent the quote',
  carrierNotSent: 'This application was not sent to this carrier',
  premiumInvalid: 'Enter the premium in dollars and cents, more than 0',
  termInvalid: 'A term is 6 or 12 months',
  dateInvalid: 'Use a date like 2026-01-31',
  expiresBeforeToday: 'This quote has already expired',
  quoteNumberTaken: 'This carrier already sent a quote with this number for this application',
  coverageLabel: 'Name the coverage (up to 80 characters)',
  coverageValue: 'Give the limit or deductible (up to 200 characters)',
  declineReasonRequired: 'Give the carrier’s reason',
  expired: 'This quote expired on {date} and cannot be bound',
  notOffered: 'Only an offered quote can be bound; this one is {status}',
  policyNumberRequired: 'Enter the policy number the carrier gave',
} as const
const T = QUOTE_TEXTS

const id = z.uuid()

export const CoverageSchema = z.object({
  label: z.string({ message: T.coverageLabel }).trim().min(1, T.coverageLabel).max(80, T.coverageLabel),
  value: z.string({ message: T.coverageValue }).trim().min(1, T.coverageValue).max(200, T.coverageValue),
})
export type Coverage = z.infer<typeof CoverageSchema>

export const QuoteSchema = z.object({
  id,
  applicationId: id,
  carrierId: id,
  carrierName: z.string(),
  status: z.enum(QUOTE_STATUSES),
  source: z.enum(['carrier', 'agent']),
  /** Dollars for the term; null on a decline. */
  premium: z.number().nullable(),
  termMonths: z.number().int().nullable(),
  /** Dollars a year, so a 6-month and a 12-month quote compare. */
  annualPremium: z.number().nullable(),
  effectiveDate: z.string().nullable(),
  quoteNumber: z.string().nullable(),
  expiresAt: z.string().nullable(),
  coverages: z.array(CoverageSchema),
  declineReason: z.string().nullable(),
  documentId: id.nullable(),
  policyId: id.nullable(),
  createdAt: z.iso.datetime(),
})
export type Quote = z.infer<typeof QuoteSchema>

/** One quote in the comparison, beside the carrier's measured figures and the estimate. */
export const ComparedQuoteSchema = QuoteSchema.extend({
  /** The carrier's median days from submission to decision, measured across agencies; null below the sample. */
  turnaroundDays: z.number().nullable(),
  /** Dollars a year over (plus) or under (minus) the recommendation's estimated premium, when there is one. */
  differenceFromEstimate: z.number().nullable(),
})
export type ComparedQuote = z.infer<typeof ComparedQuoteSchema>

export const QuoteInputSchema = z.object({
  carrierId: z.uuid({ message: T.carrierRequired }),
  premium: dollars(T.premiumInvalid).refine((value) => value > 0, T.premiumInvalid),
  termMonths: z.union([z.literal(6), z.literal(12)], { message: T.termInvalid }),
  effectiveDate: calendarDate(T.dateInvalid),
  quoteNumber: z.string().trim().max(60).optional(),
  expiresAt: calendarDate(T.dateInvalid),
  coverages: z.array(CoverageSchema).max(40).default([]),
  /** A document already uploaded (the carrier's quote letter), kept with the quote. */
  documentId: z.uuid().optional(),
})
export type QuoteInput = z.infer<typeof QuoteInputSchema>

export const enterQuoteCall = defineCall({
  method: 'POST',
  path: '/api/applications/:id/quotes',
  params: z.object({ id }),
  body: QuoteInputSchema,
  response: QuoteSchema,
  status: 201,
})

/** A carrier's decline entered by hand, with its reason. */
export const recordDeclineCall = defineCall({
  method: 'POST',
  path: '/api/applications/:id/declines',
  params: z.object({ id }),
  body: z.object({
    carrierId: z.uuid({ message: T.carrierRequired }),
    reason: z.string({ message: T.declineReasonRequired }).trim().min(1, T.declineReasonRequired).max(500),
  }),
  response: QuoteSchema,
  status: 201,
})

export const compareQuotesCall = defineCall({
  method: 'GET',
  path: '/api/applications/:id/quotes',
  params: z.object({ id }),
  query: z.object({ sort: z.enum(['premium', 'expiry', 'carrier']).default('premium') }),
  response: z.object({
    quotes: z.array(ComparedQuoteSchema),
    /** Every coverage label across the quotes, in first-seen order: the comparison's rows. */
    coverageLabels: z.array(z.string()),
    /** Dollars a year: the recommendation's estimate for this application, when it had one. */
    estimatedPremium: z.number().nullable(),
  }),
})

export const bindQuoteCall = defineCall({
  method: 'POST',
  path: '/api/quotes/:id/bind',
  params: z.object({ id }),
  body: z.object({
    effectiveDate: calendarDate(T.dateInvalid),
    /** The number the carrier gave; an API carrier's comes back on its `bound` answer. */
    policyNumber: z.string().trim().min(1, T.policyNumberRequired).max(60).optional(),
  }),
  response: PolicySchema,
  status: 201,
})
