import { Link } from 'react-router'
import type { CommissionException } from '#shared/contracts/commissions-statements.contract.ts'
import {
  EXCEPTION_KIND_LABELS,
  EXCEPTION_RESOLUTION_LABELS,
  type ExceptionAction,
  type ExceptionKind,
} from '#shared/contracts/commissions-statements-texts.ts'
import { Badge, type BadgeTone } from '#web/components/badge.tsx'
import { formatDateTime, formatDay } from '#web/lib/format.ts'
import { formatSignedMoney } from './commission-display.ts'

const KIND_TONES: Record<ExceptionKind, BadgeTone> = {
  unmatched: 'red',
  ambiguous: 'orange',
  amount_mismatch: 'yellow',
  rate_mismatch: 'yellow',
  chargeback_without_cancellation: 'orange',
  never_paid: 'violet',
}

export function KindBadge({ kind }: { kind: ExceptionKind }) {
  return <Badge tone={KIND_TONES[kind]}>{EXCEPTION_KIND_LABELS[kind]}</Badge>
}

/** The kinds whose line has a policy and an amount to take as right: the server refuses accept on the others. */
const ACCEPTABLE = new Set<ExceptionKind>([
  'amount_mismatch',
  'rate_mismatch',
  'chargeback_without_cancellation',
])

/** The actions an open exception offers: a match only for a line, accept only for a line with a policy. */
export function actionsFor(exception: CommissionException): ExceptionAction[] {
  const actions: ExceptionAction[] = []
  if (exception.lineId) actions.push('match')
  if (exception.lineId && exception.policyId && ACCEPTABLE.has(exception.kind)) actions.push('accept')
  actions.push('write_off', 'dispute')
  return actions
}

/** A short name for one exception, for buttons and dialogs: its kind and its policy, insured or row. */
export function describeException(exception: CommissionException): string {
  const what =
    exception.policyNumber ??
    exception.insuredName ??
    (exception.rowNumber === null ? exception.carrierName : `row ${exception.rowNumber}`)
  return `${EXCEPTION_KIND_LABELS[exception.kind]}, ${what}`
}

export const moneyOrDash = (amount: number | null) => (amount === null ? '—' : formatSignedMoney(amount))
export const dayOrDash = (date: string | null) => (date === null ? '—' : formatDay(date))

const LINK = 'font-medium text-violet-700 underline-offset-2 hover:underline'

/** The policy number linked to its page when the exception has a policy; the carrier's own number otherwise. */
export function PolicyCell({ exception }: { exception: CommissionException }) {
  return (
    <div className="grid min-w-0">
      {exception.policyId ? (
        <Link to={`/policies/${exception.policyId}`} className={LINK}>
          {exception.policyNumber ?? exception.policyId}
        </Link>
      ) : (
        <span className="font-medium text-slate-900">{exception.policyNumber ?? '—'}</span>
      )}
      {exception.insuredName && <span className="text-xs text-slate-600">{exception.insuredName}</span>}
    </div>
  )
}

/** How a resolved exception was closed, by whom and when, with its note. */
export function ResolutionText({ exception }: { exception: CommissionException }) {
  if (!exception.resolution) return <span className="text-slate-600">Open</span>
  const when = [exception.resolvedByName, exception.resolvedAt && formatDateTime(exception.resolvedAt)]
    .filter(Boolean)
    .join(', ')
  return (
    <div className="grid gap-0.5 whitespace-normal">
      <span className="font-medium text-slate-900">{EXCEPTION_RESOLUTION_LABELS[exception.resolution]}</span>
      {when && <span className="text-xs text-slate-600">{when}</span>}
      {exception.note && <span className="text-xs text-slate-700">“{exception.note}”</span>}
    </div>
  )
}
