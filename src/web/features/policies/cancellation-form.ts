import type { Cancellation } from '#shared/contracts/policies.contract.ts'
import {
  CANCELLATION_METHODS,
  CANCELLATION_REASONS,
  DEFAULT_SHORT_RATE_PENALTY_BP,
} from '#shared/domain/policy-ledger.ts'
import { amountOf } from '#web/lib/contract-resolver.ts'
import { today } from './policy-display.ts'

/** The cancel dialog's fields, as typed. */
export type CancellationForm = {
  effectiveDate: string
  reason: Cancellation['reason']
  method: Cancellation['method']
  penaltyPercent: string
  note: string
}

export const CANCELLATION_FIELDS: (keyof CancellationForm)[] = [
  'effectiveDate',
  'reason',
  'method',
  'penaltyPercent',
  'note',
]

/** The call's input from the form: a penalty only for short-rate, a note only when written. */
export function cancellationOf(values: CancellationForm) {
  return {
    effectiveDate: values.effectiveDate,
    reason: values.reason,
    method: values.method,
    penaltyPercent: values.method === 'short_rate' ? amountOf(values.penaltyPercent) : undefined,
    note: values.note.trim() || undefined,
  }
}

/** Today, the first reason, pro-rata, and the usual 10% ready should short-rate be chosen. */
export const emptyCancellation = (): CancellationForm => ({
  effectiveDate: today(),
  reason: CANCELLATION_REASONS[0],
  method: CANCELLATION_METHODS[0],
  penaltyPercent: String(DEFAULT_SHORT_RATE_PENALTY_BP / 100),
  note: '',
})
