import type { LineExceptionKind } from '#shared/contracts/commissions-statements.contract.ts'
import type { RateKind } from '#shared/domain/commission-math.ts'
import type { PolicyStatus, TransactionKind } from '#shared/domain/policy-ledger.ts'

/**
 * What matching a carrier statement's lines (decision 030) reads and answers: pure values, over
 * what the import has loaded for the statement's carrier, so the accuracy test and the bench run
 * it without a database. Kept apart from match-statement-lines.ts so its helpers can share them
 * without an import cycle; that file re-exports them.
 */

/** A statement line as read from the file, before matching. */
export interface StatementLineInput {
  rowNumber: number
  policyNumber: string | null
  insuredName: string | null
  /** As the carrier wrote it ("New Business", "RWL", "Cancel", …); null when not mapped. */
  transactionType: string | null
  effectiveDate: string | null
  premiumCents: number | null
  rateBp: number | null
  /** Signed: a chargeback is negative. */
  commissionCents: number
}

/** A policy of the statement's carrier in the agency. */
export interface CarrierPolicy {
  policyId: string
  policyNumber: string
  insuredName: string
  status: PolicyStatus
}

/** An expected commission of the carrier not paid yet (no matched or resolved line holds it). */
export interface OpenExpected {
  id: string
  policyId: string
  transactionKind: TransactionKind
  effectiveDate: string
  amountCents: number
  premiumChangeCents: number
  rateBp: number
  rateKind: RateKind
}

export interface MatchContext {
  policies: readonly CarrierPolicy[]
  expected: readonly OpenExpected[]
  /** Policies with a cancellation in their ledger (a chargeback behind one is expected). */
  cancelledPolicyIds: ReadonlySet<string>
  /** A paid amount within max(cents, percent of the expected) is a match. */
  tolerance: { cents: number; percent: number }
}

/** Where matching left a line; the reason is a sentence a person can check. */
export interface LineMatch {
  status: 'matched' | 'exception'
  policyId: string | null
  expectedCommissionId: string | null
  matchReason: string
  exceptionKind: LineExceptionKind | null
}
