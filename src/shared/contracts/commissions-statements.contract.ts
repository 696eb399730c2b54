import { z } from 'zod'
import { defineCall } from './call.ts'
import {
  EXCEPTION_ACTIONS,
  EXCEPTION_KINDS,
  EXCEPTION_RESOLUTIONS,
  LINE_EXCEPTION_KINDS,
  LINE_STATUSES,
  STATEMENT_FIELDS,
  STATEMENT_TEXTS as T,
} from './commissions-statements-texts.ts'

export * from './commissions-statements-texts.ts'

/**
 * Carrier commission statements (issue #32, decision 030): imported from CSV or XLSX with a column
 * mapping kept per carrier, each line matched to a policy and its expected commission with the
 * reason, everything else in the exceptions queue. Money is dollars on the wire, integer cents
 * inside; rates are percent on the wire.
 */

const id = z.uuid()

/**
 * Which header of the file holds each field. `commission` is required, and `policyNumber` or
 * `insured` (one at least); the others are optional. A header named that the file lacks is a 400.
 */
export const StatementMappingSchema = z
  .object({
    policyNumber: z.string().min(1).max(200).optional(),
    insured: z.string().min(1).max(200).optional(),
    transactionType: z.string().min(1).max(200).optional(),
    effectiveDate: z.string().min(1).max(200).optional(),
    premium: z.string().min(1).max(200).optional(),
    rate: z.string().min(1).max(200).optional(),
    commission: z.string({ message: T.commissionColumnMissing }).min(1, T.commissionColumnMissing).max(200),
  })
  .strict()
  .refine((mapping) => mapping.policyNumber !== undefined || mapping.insured !== undefined, {
    message: T.identityColumnMissing,
    path: ['policyNumber'],
  })
export type StatementMapping = z.infer<typeof StatementMappingSchema>
export type StatementField = (typeof STATEMENT_FIELDS)[number]

/**
 * Multipart: `file` (CSV or XLSX) and `carrierId`, sent before or after the file. The preview
 * reads the headers and the first rows and suggests a mapping: the carrier's saved one when its
 * headers are all in the file, else one guessed from the headers.
 */
export const previewStatementCall = defineCall({
  method: 'POST',
  path: '/api/commissions/statements/preview',
  response: z.object({
    headers: z.array(z.string()),
    /** The first rows (at most 5), each cell as text, in the headers' order. */
    sampleRows: z.array(z.array(z.string())),
    /** Partial when some required fields could not be guessed: the screen asks for them. */
    suggestedMapping: z.partialRecord(z.enum(STATEMENT_FIELDS), z.string()),
    mappingSource: z.enum(['saved', 'headers']),
    totalRows: z.number().int(),
  }),
})

export const StatementSummarySchema = z.object({
  id,
  carrierId: id,
  carrierName: z.string(),
  fileName: z.string(),
  importedAt: z.iso.datetime(),
  importedByName: z.string().nullable(),
  lineCount: z.number().int(),
  /** The sum of the lines' commission. */
  total: z.number(),
  /** The total the statement states (its total row, or the amount typed at import); null when none. */
  statedTotal: z.number().nullable(),
  /** Whether the lines add up to the stated total; null without one. False is flagged on screen. */
  tiesOut: z.boolean().nullable(),
  matched: z.number().int(),
  exceptions: z.number().int(),
  resolved: z.number().int(),
})
export type StatementSummary = z.infer<typeof StatementSummarySchema>

/**
 * Multipart: `file`, `carrierId`, optionally `mapping` (JSON of StatementMapping; without it the
 * carrier's saved mapping, else the headers' guess) and `statedTotal` (dollars). The mapping used
 * is saved for the carrier. A file already imported for the carrier answers that statement with
 * `duplicate: true` and adds nothing. A refused file is a 400 naming the row and the reason, and
 * nothing of it is kept.
 */
export const importStatementCall = defineCall({
  method: 'POST',
  path: '/api/commissions/statements',
  response: StatementSummarySchema.extend({ duplicate: z.boolean() }),
  status: 201,
})

export const listStatementsCall = defineCall({
  method: 'GET',
  path: '/api/commissions/statements',
  query: z.object({ carrierId: z.uuid().optional() }),
  /** Newest first, at most 100. */
  response: z.object({ statements: z.array(StatementSummarySchema) }),
})

export const StatementLineSchema = z.object({
  id,
  /** The sheet's row number (the header is row 1). */
  rowNumber: z.number().int(),
  /** The row's cells by header, as the file had them. */
  raw: z.record(z.string(), z.string()),
  policyNumber: z.string().nullable(),
  insuredName: z.string().nullable(),
  transactionType: z.string().nullable(),
  effectiveDate: z.string().nullable(),
  premium: z.number().nullable(),
  ratePercent: z.number().nullable(),
  commission: z.number(),
  status: z.enum(LINE_STATUSES),
  /** The policy it matched (automatically or by hand); null while unmatched. */
  policyId: id.nullable(),
  matchedPolicyNumber: z.string().nullable(),
  /** Why it matched, or why it did not: always a sentence a person can check. */
  matchReason: z.string().nullable(),
  exceptionKind: z.enum(LINE_EXCEPTION_KINDS).nullable(),
  exceptionId: id.nullable(),
  expectedCommissionId: id.nullable(),
  expectedAmount: z.number().nullable(),
})
export type StatementLine = z.infer<typeof StatementLineSchema>

export const getStatementCall = defineCall({
  method: 'GET',
  path: '/api/commissions/statements/:id',
  params: z.object({ id: z.uuid({ message: 'Not found' }) }),
  response: StatementSummarySchema.extend({ lines: z.array(StatementLineSchema) }),
})

export const CommissionExceptionSchema = z.object({
  id,
  kind: z.enum(EXCEPTION_KINDS),
  status: z.enum(['open', 'resolved']),
  resolution: z.enum(EXCEPTION_RESOLUTIONS).nullable(),
  /** What is wrong, in a sentence (the match reason, or what was expected and when). */
  reason: z.string(),
  carrierId: id,
  carrierName: z.string(),
  /** Null for never_paid, which is an exception of an expected commission, not of a line. */
  statementId: id.nullable(),
  lineId: id.nullable(),
  rowNumber: z.number().int().nullable(),
  policyId: id.nullable(),
  policyNumber: z.string().nullable(),
  insuredName: z.string().nullable(),
  expectedCommissionId: id.nullable(),
  expectedAmount: z.number().nullable(),
  paidAmount: z.number().nullable(),
  effectiveDate: z.string().nullable(),
  note: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
})
export type CommissionException = z.infer<typeof CommissionExceptionSchema>

export const listExceptionsCall = defineCall({
  method: 'GET',
  path: '/api/commissions/exceptions',
  query: z.object({
    kind: z.enum(EXCEPTION_KINDS).optional(),
    status: z.enum(['open', 'resolved']).default('open'),
    carrierId: z.uuid().optional(),
  }),
  /** Oldest first, at most 500; `counts` are the open ones by kind, whatever the filter. */
  response: z.object({
    exceptions: z.array(CommissionExceptionSchema),
    counts: z.record(z.enum(EXCEPTION_KINDS), z.number().int()),
  }),
})

/**
 * match: link the line to a policy of the statement's carrier (and, when given, one of its
 * expected commissions); accept: take the amount paid as right; write_off: expect nothing more;
 * dispute: raise it with the carrier. Each is audited; a resolved exception never comes back.
 */
export const ResolveExceptionSchema = z
  .object({
    action: z.enum(EXCEPTION_ACTIONS, { message: T.actionInvalid }),
    policyId: z.uuid({ message: T.choosePolicy }).optional(),
    expectedCommissionId: z.uuid().optional(),
    note: z.string().trim().max(1000, T.noteTooLong).optional(),
  })
  .strict()
  .refine((body) => body.action !== 'match' || body.policyId !== undefined, {
    message: T.choosePolicy,
    path: ['policyId'],
  })
export type ResolveExceptionInput = z.infer<typeof ResolveExceptionSchema>

export const resolveExceptionCall = defineCall({
  method: 'POST',
  path: '/api/commissions/exceptions/:id/resolve',
  params: z.object({ id: z.uuid({ message: 'Not found' }) }),
  body: ResolveExceptionSchema,
  response: CommissionExceptionSchema,
})

/** Policies of the exception's carrier to match a line by hand: by policy number or insured name. */
export const exceptionCandidatesCall = defineCall({
  method: 'GET',
  path: '/api/commissions/exceptions/:id/candidates',
  params: z.object({ id: z.uuid({ message: 'Not found' }) }),
  query: z.object({ q: z.string().trim().max(100).default('') }),
  response: z.object({
    candidates: z.array(
      z.object({
        policyId: id,
        policyNumber: z.string(),
        insuredName: z.string(),
        /** Its expected commissions not paid yet, nearest the line's date first. */
        expected: z.array(
          z.object({ id, transactionKind: z.string(), effectiveDate: z.string(), amount: z.number() }),
        ),
      }),
    ),
  }),
})

/** The agency's reconciliation settings; agency admins change them. */
export const CommissionSettingsSchema = z
  .object({
    /** A paid amount within this many dollars, or this percent, of the expected is a match. */
    toleranceDollars: z
      .number({ message: T.toleranceInvalid })
      .min(0, T.toleranceInvalid)
      .max(1000, T.toleranceInvalid),
    tolerancePercent: z
      .number({ message: T.toleranceInvalid })
      .min(0, T.toleranceInvalid)
      .max(100, T.toleranceInvalid),
    /** An expected commission still unpaid this many days after its date is "never paid". */
    neverPaidDays: z
      .number({ message: T.neverPaidDaysInvalid })
      .int(T.neverPaidDaysInvalid)
      .min(1, T.neverPaidDaysInvalid)
      .max(730, T.neverPaidDaysInvalid),
  })
  .strict()
export type CommissionSettings = z.infer<typeof CommissionSettingsSchema>

export const DEFAULT_COMMISSION_SETTINGS: CommissionSettings = {
  toleranceDollars: 1,
  tolerancePercent: 1,
  neverPaidDays: 90,
}

export const getCommissionSettingsCall = defineCall({
  method: 'GET',
  path: '/api/commissions/settings',
  response: CommissionSettingsSchema.extend({ canEdit: z.boolean() }),
})

export const putCommissionSettingsCall = defineCall({
  method: 'PUT',
  path: '/api/commissions/settings',
  body: CommissionSettingsSchema,
  response: CommissionSettingsSchema.extend({ canEdit: z.boolean() }),
})
