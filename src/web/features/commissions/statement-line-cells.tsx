import { Link } from 'react-router'
import type { StatementLine } from '#shared/contracts/commissions-statements.contract.ts'
import { EXCEPTION_KIND_LABELS } from '#shared/contracts/commissions-statements-texts.ts'
import { Badge } from '#web/components/badge.tsx'
import { formatDay } from '#web/lib/format.ts'
import { formatRate, formatSignedMoney } from './commission-display.ts'
import { EXCEPTIONS_PATH, LINE_STATUS_LABELS, LINE_STATUS_TONES } from './statement-texts.ts'

export const LINK = 'font-medium text-violet-700 underline-offset-2 hover:underline'

export const money = (amount: number | null) => (amount === null ? '—' : formatSignedMoney(amount))
export const rate = (line: StatementLine) => formatRate(line.ratePercent)

/** The transaction as the statement gives it: its type and date. */
export function transactionText(line: StatementLine): string {
  const date = line.effectiveDate ? safeDay(line.effectiveDate) : null
  return [line.transactionType, date].filter(Boolean).join(', ') || '—'
}

/** A statement's date may be any text the carrier wrote: shown as a day when it is one. */
function safeDay(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : value
}

/** The line's status, and what is wrong when it is an exception. */
export function LineStatusBadges({ line }: { line: StatementLine }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={LINE_STATUS_TONES[line.status]}>{LINE_STATUS_LABELS[line.status]}</Badge>
      {line.exceptionKind && <Badge tone="neutral">{EXCEPTION_KIND_LABELS[line.exceptionKind]}</Badge>}
    </span>
  )
}

/** The policy the line pays, linked, or a dash while it has none. */
export function MatchedPolicy({ line }: { line: StatementLine }) {
  if (!line.policyId) return <span className="text-slate-600">—</span>
  return (
    <Link to={`/policies/${line.policyId}`} className={LINK}>
      {line.matchedPolicyNumber ?? 'Open the policy'}
    </Link>
  )
}

/** Why it matched or did not, and for an open exception the way to the queue where it is worked. */
export function MatchReason({ line }: { line: StatementLine }) {
  return (
    <span className="grid gap-1 whitespace-normal">
      {line.matchReason && <span className="text-slate-700">{line.matchReason}</span>}
      {line.status === 'exception' && (
        <Link
          to={EXCEPTIONS_PATH}
          className={LINK}
          aria-label={`Work the exception of row ${line.rowNumber}`}
        >
          Work it in Exceptions
        </Link>
      )}
    </span>
  )
}
