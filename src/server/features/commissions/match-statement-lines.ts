import { buildStatementIndex, type IndexedExpected, type StatementIndex } from './build-statement-index.ts'
import { checkStatementLine, chooseExpectedCommission } from './check-statement-line.ts'
import { findPolicyByName } from './find-policy-by-name.ts'
import type { LineMatch, MatchContext, StatementLineInput } from './match-statement-lines.types.ts'
import { dayNumberOf, readTransactionType, statementPolicyKey } from './read-statement-values.ts'
import { REASONS } from './render-match-reasons.ts'

export type {
  CarrierPolicy,
  LineMatch,
  MatchContext,
  OpenExpected,
  StatementLineInput,
} from './match-statement-lines.types.ts'
export { readTransactionType, statementPolicyKey } from './read-statement-values.ts'

/**
 * Matching a carrier statement's lines (decision 030), one answer per line in order. A line finds
 * its policy by number (normalised), or else by the insured's name among the policies its amount
 * and date agree with; then the expected commission it pays, each paid at most once per
 * statement. Precision comes first: whatever could be two policies goes to a person, never to the
 * first candidate.
 */
export function matchStatementLines(
  lines: readonly StatementLineInput[],
  context: MatchContext,
): LineMatch[] {
  const index = buildStatementIndex(context)
  return lines.map((line, position) => matchLine(line, position, index, context.tolerance))
}

function unresolved(kind: 'unmatched' | 'ambiguous', reason: string): LineMatch {
  return {
    status: 'exception',
    policyId: null,
    expectedCommissionId: null,
    matchReason: reason,
    exceptionKind: kind,
  }
}

function matchLine(
  line: StatementLineInput,
  position: number,
  index: StatementIndex,
  tolerance: MatchContext['tolerance'],
): LineMatch {
  const kind = readTransactionType(line.transactionType)
  const lineDay = line.effectiveDate ? dayNumberOf(line.effectiveDate) : null
  const number = line.policyNumber?.trim() ?? ''
  const key = number ? statementPolicyKey(number) : ''
  const owners = key ? index.policiesByKey.get(key) : undefined
  if (owners && owners.length > 1)
    return unresolved('ambiguous', REASONS.numberShared(number, key, owners.length))

  let policy = owners?.[0]
  let identity = policy ? REASONS.numberIs(number, policy.policy.policyNumber, key) : ''
  let preferred: readonly IndexedExpected[] = []
  if (!policy) {
    const tried = key ? REASONS.numberUnknown(number, key) : REASONS.noNumber()
    const found = findPolicyByName(line, lineDay, tried, position, index, tolerance)
    if (found.found === 'none') return unresolved('unmatched', found.reason)
    if (found.found === 'several') return unresolved('ambiguous', found.reason)
    policy = found.policy
    identity = found.reason
    preferred = found.candidates
  }

  const chosen = chooseExpectedCommission(line, lineDay, kind, policy.rows, preferred)
  if (chosen) chosen.taken = true
  return checkStatementLine(line, kind, policy, chosen, identity, index, tolerance)
}
