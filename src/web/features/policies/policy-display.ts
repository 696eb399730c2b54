import type { POLICY_SORTS } from '#shared/contracts/policies.contract.ts'
import type {
  CancellationMethod,
  CancellationReason,
  PolicyStatus,
  TransactionKind,
} from '#shared/domain/policy-ledger.ts'
import { formatCents, formatDay } from '#web/lib/format.ts'

type PolicySort = (typeof POLICY_SORTS)[number]

/** The screens' own words (the contract's POLICY_TEXTS holds the field messages). */
export const POLICY_WORDS = {
  added: 'Policy added',
  addFailed: 'The policy was not added',
  endorsed: 'Endorsement recorded',
  endorseFailed: 'The endorsement was not recorded',
  cancelled: 'Policy cancelled',
  cancelFailed: 'The policy was not cancelled',
  reinstated: 'Policy reinstated',
  reinstateFailed: 'The policy was not reinstated',
  returnPremium: 'Return premium',
  notFound: 'This policy does not exist or is no longer in your book.',
  noClientPolicies: 'No policies yet.',
  renewalLink: 'Renewal: {stage}',
} as const

export const POLICY_STATUS_LABELS: Record<PolicyStatus, string> = {
  active: 'Active',
  pending_cancellation: 'Pending cancellation',
  cancelled: 'Cancelled',
  expired: 'Expired',
  non_renewed: 'Non-renewed',
  renewed: 'Renewed',
}

export const TRANSACTION_KIND_LABELS: Record<TransactionKind, string> = {
  new_business: 'New business',
  endorsement: 'Endorsement',
  cancellation: 'Cancellation',
  reinstatement: 'Reinstatement',
  renewal: 'Renewal',
}

export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  insured_request: 'Insured’s request',
  non_payment: 'Non-payment',
  underwriting: 'Underwriting',
  replaced: 'Replaced',
  other: 'Other',
}

export const CANCELLATION_METHOD_LABELS: Record<CancellationMethod, string> = {
  pro_rata: 'Pro-rata',
  short_rate: 'Short-rate',
  flat: 'Flat',
}

/** The list's three orders, each the way an agent reads it first. */
export const SORT_OPTIONS: readonly { value: PolicySort; label: string }[] = [
  { value: 'expiration', label: 'Expiring first' },
  { value: '-premium', label: 'Highest premium' },
  { value: '-created', label: 'Newest' },
]

export const EXPIRING_WITHIN_DAYS = [30, 60, 90] as const

/** Dollars with cents, as a policy's figures are written: '$1,234.56'. */
export function formatMoney(amount: number): string {
  return formatCents(amount)
}

/** A premium change with its sign: '+$120.00', '−$45.50', '$0.00'. */
export function formatPremiumChange(amount: number): string {
  if (amount > 0) return `+${formatCents(amount)}`
  if (amount < 0) return `−${formatCents(-amount)}`
  return formatCents(0)
}

export function formatTerm(term: { effectiveDate: string; expirationDate: string }): string {
  return `${formatDay(term.effectiveDate)} – ${formatDay(term.expirationDate)}`
}

/** Today as the browser's calendar has it, for a date field's first value. */
export function today(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0')
  const day = String(now.getDate()).padStart(2, '0')
  return `${now.getFullYear()}-${month}-${day}`
}
