import { INSURANCE_TYPE_LABELS, type InsuranceType } from '#shared/domain/insurance-types.ts'
import type { TransactionKind } from '#shared/domain/policy-ledger.ts'
import { formatCents } from '#web/lib/format.ts'

/** A rate as the screens show it: '12.5%'; a dash without one. */
export function formatRate(percent: number | null): string {
  return percent === null ? '—' : `${percent}%`
}

/** Signed money: '$12.35', '−$45.50'. */
export function formatSignedMoney(amount: number): string {
  return amount < 0 ? `−${formatCents(-amount)}` : formatCents(amount)
}

export function lineLabel(line: InsuranceType | null, allLines: string): string {
  return line === null ? allLines : INSURANCE_TYPE_LABELS[line]
}

export const TRANSACTION_LABELS: Record<TransactionKind, string> = {
  new_business: 'New business',
  endorsement: 'Endorsement',
  cancellation: 'Cancellation',
  reinstatement: 'Reinstatement',
  renewal: 'Renewal',
}

/** Today's date as a date field takes it, in the browser's own day. */
export function todayInput(): string {
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
