import { z } from 'zod'
import { defineCall } from './call.ts'
import { STATEMENT_TEXTS as T } from './commissions-statements-texts.ts'

/**
 * Producer statements and the commission reports (issue #32, decision 030). A producer's share of
 * each received line is the line's commission split by the policy's producer split in force on the
 * line's effective date (allocateCents: the shares always add up to the line).
 */

const id = z.uuid()
export const commissionPeriod = z
  .string({ message: T.periodInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, T.periodInvalid)

export const ProducerStatementLineSchema = z.object({
  lineId: id,
  statementId: id,
  /** The day the statement was imported: a period holds the lines received in it. */
  receivedOn: z.string(),
  carrierName: z.string(),
  policyId: id,
  policyNumber: z.string(),
  insuredName: z.string(),
  transactionType: z.string().nullable(),
  effectiveDate: z.string().nullable(),
  /** The whole line's commission, and this producer's part of it. */
  commission: z.number(),
  sharePercent: z.number(),
  share: z.number(),
})

export const ProducerStatementSchema = z.object({
  userId: id,
  producerName: z.string(),
  period: z.string(),
  lines: z.array(ProducerStatementLineSchema),
  totals: z.object({ commission: z.number(), share: z.number() }),
})
export type ProducerStatement = z.infer<typeof ProducerStatementSchema>

/**
 * `format=csv` or `format=pdf` answers the file (a download); JSON otherwise. A producer sees only
 * their own (another user's is a 403 with notYourStatement); an agency admin sees everyone's.
 */
export const getProducerStatementCall = defineCall({
  method: 'GET',
  path: '/api/commissions/producers/:userId/statement',
  params: z.object({ userId: z.uuid({ message: 'Not found' }) }),
  query: z.object({ period: commissionPeriod, format: z.enum(['json', 'csv', 'pdf']).default('json') }),
  response: ProducerStatementSchema,
})

/** The producers a caller may open a statement of: an admin, everyone with a share; others, themselves. */
export const listProducersCall = defineCall({
  method: 'GET',
  path: '/api/commissions/producers',
  response: z.object({ producers: z.array(z.object({ userId: id, name: z.string() })) }),
})

export const CommissionReportsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Expected (by the transactions' effective month) against received (matched and resolved lines, same month). */
  receivedVsExpected: z.array(
    z.object({
      month: z.string(),
      carrierId: id,
      carrierName: z.string(),
      expected: z.number(),
      received: z.number(),
    }),
  ),
  /** Expected commissions not yet received, by age from their effective date. */
  receivables: z.object({
    buckets: z.object({
      current: z.number(),
      days30: z.number(),
      days60: z.number(),
      days90Plus: z.number(),
    }),
    byCarrier: z.array(
      z.object({
        carrierId: id,
        carrierName: z.string(),
        current: z.number(),
        days30: z.number(),
        days60: z.number(),
        days90Plus: z.number(),
      }),
    ),
  }),
  /** Each producer's share of the commission received in the range. */
  producerPayable: z.array(z.object({ userId: id, name: z.string(), payable: z.number() })),
})
export type CommissionReports = z.infer<typeof CommissionReportsSchema>

export const getCommissionReportsCall = defineCall({
  method: 'GET',
  path: '/api/commissions/reports',
  /** Months, inclusive; the last twelve months up to this one by default. */
  query: z.object({ from: commissionPeriod.optional(), to: commissionPeriod.optional() }),
  response: CommissionReportsSchema,
})
