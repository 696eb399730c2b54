/** The fields a statement's columns map to, in the order the mapping form shows them. */
export const STATEMENT_FIELDS = [
  'policyNumber',
  'insured',
  'transactionType',
  'effectiveDate',
  'premium',
  'rate',
  'commission',
] as const

export const STATEMENT_FIELD_LABELS: Record<(typeof STATEMENT_FIELDS)[number], string> = {
  policyNumber: 'Policy number',
  insured: 'Insured',
  transactionType: 'Transaction type',
  effectiveDate: 'Effective date',
  premium: 'Premium',
  rate: 'Rate',
  commission: 'Commission',
}

/** A line's state: matched automatically, waiting in the exceptions queue, or resolved by a person. */
export const LINE_STATUSES = ['matched', 'exception', 'resolved'] as const
export type LineStatus = (typeof LINE_STATUSES)[number]

/** What can be wrong with a statement line. */
export const LINE_EXCEPTION_KINDS = [
  'unmatched',
  'ambiguous',
  'amount_mismatch',
  'rate_mismatch',
  'chargeback_without_cancellation',
] as const
export type LineExceptionKind = (typeof LINE_EXCEPTION_KINDS)[number]

/** Every kind in the queue: the lines', and an expected commission never paid. */
export const EXCEPTION_KINDS = [...LINE_EXCEPTION_KINDS, 'never_paid'] as const
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number]

export const EXCEPTION_ACTIONS = ['match', 'accept', 'write_off', 'dispute'] as const
export type ExceptionAction = (typeof EXCEPTION_ACTIONS)[number]

/** How an exception was closed: by one of the actions, or by a payment matched later (never_paid). */
export const EXCEPTION_RESOLUTIONS = ['matched', 'accepted', 'written_off', 'disputed', 'paid'] as const
export type ExceptionResolution = (typeof EXCEPTION_RESOLUTIONS)[number]

export const EXCEPTION_KIND_LABELS: Record<ExceptionKind, string> = {
  unmatched: 'Unmatched',
  ambiguous: 'Ambiguous',
  amount_mismatch: 'Amount differs',
  rate_mismatch: 'Rate differs',
  chargeback_without_cancellation: 'Chargeback without cancellation',
  never_paid: 'Never paid',
}

export const EXCEPTION_ACTION_LABELS: Record<ExceptionAction, string> = {
  match: 'Match by hand',
  accept: 'Accept the difference',
  write_off: 'Write off',
  dispute: 'Dispute',
}

export const EXCEPTION_RESOLUTION_LABELS: Record<ExceptionResolution, string> = {
  matched: 'Matched by hand',
  accepted: 'Difference accepted',
  written_off: 'Written off',
  disputed: 'Disputed with the carrier',
  paid: 'Paid on a later statement',
}

/** The statements' and exceptions' texts: field messages and the screens' words. */
export const STATEMENT_TEXTS = {
  statementsTab: 'Statements',
  exceptionsTab: 'Exceptions',
  producersTab: 'Producer statements',
  reportsTab: 'Reports',
  noFile: 'Choose a CSV or Excel statement to import',
  chooseCarrier: 'Choose the carrier the statement is from',
  commissionColumnMissing: 'Choose the column that holds the commission',
  identityColumnMissing: 'Choose the column with the policy number, the insured, or both',
  mappingInvalid: 'The column mapping could not be read: choose the columns again',
  /** {column}: the header named. */
  columnNotInFile: 'The file has no column “{column}”',
  /** {row}: the sheet's row; {column}: the header. */
  amountInvalid: 'Row {row}: “{column}” is not an amount',
  dateInvalid: 'Row {row}: “{column}” is not a date',
  rateInvalid: 'Row {row}: “{column}” is not a rate',
  nulByte: 'Row {row}: the file holds a NUL byte, which no statement has: export it again',
  noLines: 'The statement has no lines',
  tooManyLines: 'A statement holds at most 50,000 lines: split the file',
  statedTotalInvalid: 'Enter the statement’s total in dollars, like 1234.56',
  /** {total}, {stated}: dollars. */
  doesNotTieOut: 'The lines add up to {total}, not the statement’s total of {stated}',
  imported: 'Statement imported',
  alreadyImported: 'This statement was imported before: nothing was added',
  actionInvalid: 'Choose how to resolve the exception',
  choosePolicy: 'Choose the policy the line pays',
  policyNotOfCarrier: 'That policy is not with the statement’s carrier',
  noteTooLong: 'Keep the note under 1,000 characters',
  alreadyResolved: 'This exception is already resolved',
  matchOnlyLines: 'Only a statement line can be matched by hand',
  toleranceInvalid: 'Enter a tolerance from 0 to 1,000 dollars, or 0 to 100 percent',
  neverPaidDaysInvalid: 'Enter a whole number of days from 1 to 730',
  adminsOnly: 'Only an agency admin can change the reconciliation settings.',
  periodInvalid: 'Use a month like 2026-01',
  notYourStatement: 'You can see only your own producer statement',
} as const
