import { z } from 'zod'
import { isWholeCents } from '../domain/policy-ledger.ts'
import { SUBMISSION_STATUSES } from '../domain/submission-status.ts'
import { defineCall } from './call.ts'
import { SUBMISSION_METHODS } from './carriers.contract.ts'
import { calendarDate } from './money.ts'
import { PolicySchema } from './policies.contract.ts'

export const QUOTE_STATUSES = ['offered', 'expired', 'declined', 'bound', 'not_taken'] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]
export const TERM_MONTHS = [6, 12] as const

export const QUOTE_TEXTS = {
  title: 'Quotes',
  print: 'Print',
  savePdf: 'Save PDF',
  carrierRequired: 'Choose the carrier that sent the quote',
  carrierNotSent: 'This application was not sent to this carrier',
  premiumInvalid: 'Enter the premium in dollars and cents, more than 0',
  termInvalid: 'A term is 6 or 12 months',
  dateInvalid: 'Use a date like 2026-01-31',
  expiresBeforeToday: 'This quote has already expired',
  documentUnknown: 'Choose a document uploaded to your agency',
  quoteNumberTaken: 'This carrier already sent a quote with this number for this application',
  coverageLabel: 'Name the coverage (up to 80 characters)',
  coverageValue: 'Give the limit or deductible (up to 200 characters)',
  declineReasonRequired: 'Give the carrier’s reason',
  expired: 'This quote expired on {date} and cannot be bound',
  notOffered: 'Only an offered quote can be bound; this one is {status}',
  policyNumberRequired: 'Enter the policy number the carrier gave',
  applicationBound: 'This application is already bound: one of its quotes became a policy',
  carrierQuoteShape:
    'A quoted event carries a quote: premium, termMonths (6 or 12), effectiveDate, expiresAt, and optionally quoteNumber and coverages',
  boundShape: 'A bound event carries the policyNumber',
} as const

/** `T.expired` or `T.notOffered` with its blank filled in. */
export function quoteText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}
const T = QUOTE_TEXTS

const id = z.uuid()

/** A billion dollars: far past any real premium. */
const MAX_PREMIUM = 1_000_000_000
/** Dollars above 0 with at most two decimals, one message whichever way it fails. */
const positiveDollars = (message: string) =>
  z.number({ message }).refine((value) => value > 0 && value <= MAX_PREMIUM && isWholeCents(value), message)

/** Two quotes' coverages are the same row when their labels match without regard to case or spacing. */
export function coverageKey(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, ' ')
}

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
  /** How the carrier takes submissions: an API carrier is sent the bind request and answers the policy number. */
  submissionMethod: z.enum(SUBMISSION_METHODS),
  /** The carrier's median days from submission to decision, measured across agencies; null below the sample. */
  turnaroundDays: z.number().nullable(),
  /** Dollars a year: the recommendation's estimate for this carrier and application, when it can be made. */
  estimatedPremium: z.number().nullable(),
  /** Dollars a year over (plus) or under (minus) the recommendation's estimated premium, when there is one. */
  differenceFromEstimate: z.number().nullable(),
  /** A bound quote of an API carrier: where its bind request stands (the carrier answers the number). */
  bindRequest: z
    .object({ submissionId: id, status: z.enum(SUBMISSION_STATUSES), message: z.string().nullable() })
    .nullable(),
})
export type ComparedQuote = z.infer<typeof ComparedQuoteSchema>

export const QuoteInputSchema = z.object({
  carrierId: z.uuid({ message: T.carrierRequired }),
  premium: positiveDollars(T.premiumInvalid),
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

export const QUOTE_SORTS = ['premium', 'expiry', 'carrier'] as const
export type QuoteSort = (typeof QUOTE_SORTS)[number]

export const compareQuotesCall = defineCall({
  method: 'GET',
  path: '/api/applications/:id/quotes',
  params: z.object({ id }),
  query: z.object({ sort: z.enum(QUOTE_SORTS).default('premium') }),
  response: z.object({
    quotes: z.array(ComparedQuoteSchema),
    /** Every coverage label across the quotes, in first-seen order: the comparison's rows. */
    coverageLabels: z.array(z.string()),
    /** The carriers the application was sent to: those a quote or a decline can be entered for. */
    carriers: z.array(z.object({ id, name: z.string(), submissionMethod: z.enum(SUBMISSION_METHODS) })),
  }),
})
export type QuoteComparison = z.infer<(typeof compareQuotesCall)['response']>

/** The comparison as a PDF to send to the client: every quote side by side, sorted by premium. */
export const QUOTE_COMPARISON_PDF_PATH = '/api/applications/:id/quotes/comparison.pdf'
export const QuoteComparisonPdfParams = compareQuotesCall.params

export function quoteComparisonPdfPath(applicationId: string): string {
  return QUOTE_COMPARISON_PDF_PATH.replace(':id', encodeURIComponent(applicationId))
}

/** The PDF's name as the browser saves it: the client's last name and the day it was made. */
export function quoteComparisonFileName(clientLastName: string, day: string): string {
  const name = clientLastName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
  return `quote-comparison-${name || 'client'}-${day}.pdf`
}

/**
 * The `quote` of a carrier's `quoted` webhook event (carrier-delivery's webhook): what an agent
 * enters by hand, from the carrier itself.
 */
export const CarrierQuoteSchema = z.object({
  premium: QuoteInputSchema.shape.premium,
  termMonths: QuoteInputSchema.shape.termMonths,
  effectiveDate: QuoteInputSchema.shape.effectiveDate,
  quoteNumber: z.string().trim().min(1).max(60).optional(),
  expiresAt: QuoteInputSchema.shape.expiresAt,
  coverages: z.array(CoverageSchema).max(40).default([]),
})
export type CarrierQuote = z.infer<typeof CarrierQuoteSchema>

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
