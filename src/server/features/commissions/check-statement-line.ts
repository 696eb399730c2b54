import type { TransactionKind } from '#shared/domain/policy-ledger.ts'
import type { IndexedExpected, IndexedPolicy, StatementIndex } from './build-statement-index.ts'
import type { LineMatch, MatchContext, StatementLineInput } from './match-statement-lines.types.ts'
import { isWithinTolerance, readLineRate } from './read-statement-values.ts'
import { REASONS } from './render-match-reasons.ts'

/**
 * Once a line's policy is known: the expected commission it pays, then what is wrong with the
 * payment, in the order a person would want to hear it.
 */

/** A rate further than this from the schedule's (0.05 percentage points) is a different rate. */
export const RATE_DIFFERENCE_BP = 5

/**
 * The open row of the policy the line pays: not taken by an earlier line of the statement, of
 * the line's sign and (when the carrier says) kind, nearest in date, then in amount. A line
 * found by name prefers the rows its amount and date agreed with.
 */
export function chooseExpectedCommission(
  line: StatementLineInput,
  lineDay: number | null,
  kind: TransactionKind | null,
  rows: readonly IndexedExpected[],
  preferred: readonly IndexedExpected[] = [],
): IndexedExpected | null {
  const negative = line.commissionCents < 0
  const fits = (entry: IndexedExpected) =>
    !entry.taken &&
    entry.row.amountCents < 0 === negative &&
    (kind === null || entry.row.transactionKind === kind)
  return nearest(line, lineDay, preferred, fits) ?? nearest(line, lineDay, rows, fits)
}

function nearest(
  line: StatementLineInput,
  lineDay: number | null,
  rows: readonly IndexedExpected[],
  fits: (entry: IndexedExpected) => boolean,
): IndexedExpected | null {
  let best: IndexedExpected | null = null
  let bestDays = Infinity
  let bestCents = Infinity
  for (const entry of rows) {
    if (!fits(entry)) continue
    const days = lineDay === null ? 0 : Math.abs(entry.day - lineDay)
    const cents = Math.abs(entry.row.amountCents - line.commissionCents)
    if (days < bestDays || (days === bestDays && cents < bestCents)) {
      best = entry
      bestDays = days
      bestCents = cents
    }
  }
  return best
}

function exception(
  kind: NonNullable<LineMatch['exceptionKind']>,
  policy: IndexedPolicy,
  chosen: IndexedExpected | null,
  reason: string,
): LineMatch {
  return {
    status: 'exception',
    policyId: policy.policy.policyId,
    expectedCommissionId: chosen?.row.id ?? null,
    matchReason: reason,
    exceptionKind: kind,
  }
}

/**
 * What the line's payment says against the row chosen for it. A negative line on a policy with no
 * cancellation is a chargeback to question, unless a negative row (an endorsement's returned
 * premium) explains it; then a rate off the schedule, then an amount off the tolerance.
 */
export function checkStatementLine(
  line: StatementLineInput,
  kind: TransactionKind | null,
  policy: IndexedPolicy,
  chosen: IndexedExpected | null,
  identity: string,
  index: StatementIndex,
  tolerance: MatchContext['tolerance'],
): LineMatch {
  const paid = line.commissionCents
  const cancelled =
    policy.policy.status === 'cancelled' ||
    index.cancelledPolicyIds.has(policy.policy.policyId) ||
    policy.cancellationExpected
  if (paid < 0 && !cancelled && chosen === null) {
    return exception(
      'chargeback_without_cancellation',
      policy,
      null,
      `${identity}; ${REASONS.chargebackWithoutCancellation(paid)}`,
    )
  }
  if (chosen === null) {
    return exception(
      'amount_mismatch',
      policy,
      null,
      `${identity}; ${REASONS.nothingExpected(kind, line.effectiveDate, paid)}`,
    )
  }
  const { row } = chosen
  const rate = readLineRate(line)
  if (rate && Math.abs(rate.bp - row.rateBp) > RATE_DIFFERENCE_BP + rate.slackBp) {
    return exception(
      'rate_mismatch',
      policy,
      chosen,
      `${identity}; ${REASONS.rateDiffers(rate.bp, row.rateBp, row.rateKind)}`,
    )
  }
  if (!isWithinTolerance(paid, row.amountCents, tolerance)) {
    return exception(
      'amount_mismatch',
      policy,
      chosen,
      `${identity}; ${REASONS.amountDiffers(paid, row.amountCents, row.transactionKind, row.effectiveDate)}`,
    )
  }
  return {
    status: 'matched',
    policyId: policy.policy.policyId,
    expectedCommissionId: row.id,
    matchReason: `${identity}; ${REASONS.pays(row.transactionKind, row.effectiveDate, row.amountCents)}`,
    exceptionKind: null,
  }
}
