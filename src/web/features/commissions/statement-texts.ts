import type { StatementSummary } from '#shared/contracts/commissions-statements.contract.ts'
import { type LineStatus, STATEMENT_TEXTS } from '#shared/contracts/commissions-statements-texts.ts'
import type { BadgeTone } from '#web/components/badge.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatSignedMoney } from './commission-display.ts'

/** The statements screens' own words; the contract holds the texts its tests and the server share. */
export const STATEMENT_WORDS = {
  importStatement: 'Import statement',
  listLabel: 'Carrier statements, newest first',
  carrier: 'Carrier',
  allCarriers: 'All carriers',
  file: 'File',
  imported: 'Imported',
  lines: 'Lines',
  total: 'Total',
  statedTotal: 'Stated total',
  matched: 'Matched',
  exceptions: 'Exceptions',
  resolved: 'Resolved',
  noStatements: 'No statements yet: import a carrier’s commission statement to reconcile it.',
  noStatementsForCarrier: 'No statements from this carrier yet.',
  tiesOut: 'Ties out',
  noStatedTotal: 'No stated total',
  back: 'Back to statements',
  notFoundTitle: 'Statement not found',
  notFound: 'This statement does not exist, or it belongs to another agency.',
} as const

export const LINE_STATUS_LABELS: Record<LineStatus, string> = {
  matched: 'Matched',
  exception: 'Exception',
  resolved: 'Resolved',
}

export const LINE_STATUS_TONES: Record<LineStatus, BadgeTone> = {
  matched: 'green',
  exception: 'orange',
  resolved: 'blue',
}

export const statementPath = (id: string) => `/commissions/statements/${id}`

/** Where a line's exception is worked: the Exceptions tab of /commissions. */
export const EXCEPTIONS_PATH = '/commissions?tab=exceptions'

/** A text with its `{name}` blanks filled. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))
}

/** The flag of a statement whose lines do not add up to its stated total; null when it ties out or has none. */
export function tieOutProblem(statement: Pick<StatementSummary, 'tiesOut' | 'total' | 'statedTotal'>) {
  if (statement.tiesOut !== false || statement.statedTotal === null) return null
  return fill(STATEMENT_TEXTS.doesNotTieOut, {
    total: formatSignedMoney(statement.total),
    stated: formatSignedMoney(statement.statedTotal),
  })
}

/** A refusal's own message (a file's names the row and the reason); anything else a general one. */
export function refusalMessage(error: unknown): string {
  return isApiError(error) && error.status < 500
    ? error.message
    : 'The statement could not be read. Try again.'
}
