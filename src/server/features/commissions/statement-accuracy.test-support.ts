// How well matching did against a generated statement's truth: the figures the accuracy test
// asserts and the bench prints.
import type { LineMatch, StatementLineInput } from './match-statement-lines.ts'
import type { LineOutcome, LineTruth } from './statement-payments.test-support.ts'

export interface StatementScore {
  lines: number
  /** Lines the truth links to a policy (paid or an exception of a known policy). */
  matchable: number
  linkedCorrectly: number
  linkedWrongly: number
  /** Linked correctly over matchable. */
  recall: number
  /** Linked correctly over every line linked to a policy. */
  precision: number
  /** Lines the truth pays without a problem that matching left matched, to the expected row meant. */
  paidAsMeant: number
  paidLines: number
  /** Seeded problems (truth an exception) that landed in exactly their kind. */
  problemsCaught: number
  problems: number
  /** Truth outcome → matching's outcome → lines. */
  confusion: Record<string, Record<string, number>>
  /** The first lines that went another way than the truth, to read when a figure falls. */
  misses: { line: StatementLineInput; truth: LineTruth; match: LineMatch }[]
}

const outcomeOf = (match: LineMatch): LineOutcome => match.exceptionKind ?? 'matched'

export function scoreStatementMatches(
  lines: readonly StatementLineInput[],
  truth: readonly LineTruth[],
  matches: readonly LineMatch[],
): StatementScore {
  const score: StatementScore = {
    lines: lines.length,
    matchable: 0,
    linkedCorrectly: 0,
    linkedWrongly: 0,
    recall: 0,
    precision: 0,
    paidAsMeant: 0,
    paidLines: 0,
    problemsCaught: 0,
    problems: 0,
    confusion: {},
    misses: [],
  }
  truth.forEach((meant, index) => {
    const match = matches[index]!
    const outcome = outcomeOf(match)
    const row = score.confusion[meant.outcome] ?? {}
    score.confusion[meant.outcome] = row
    row[outcome] = (row[outcome] ?? 0) + 1
    if (meant.policyId !== null) score.matchable++
    if (match.policyId !== null) {
      if (match.policyId === meant.policyId) score.linkedCorrectly++
      else score.linkedWrongly++
    }
    if (meant.outcome === 'matched') {
      score.paidLines++
      if (outcome === 'matched' && match.expectedCommissionId === meant.expectedCommissionId)
        score.paidAsMeant++
    } else {
      score.problems++
      if (outcome === meant.outcome && match.policyId === meant.policyId) score.problemsCaught++
    }
    const wentAnotherWay =
      outcome !== meant.outcome ||
      match.policyId !== meant.policyId ||
      (meant.outcome === 'matched' && match.expectedCommissionId !== meant.expectedCommissionId)
    if (wentAnotherWay && score.misses.length < 20)
      score.misses.push({ line: lines[index]!, truth: meant, match })
  })
  const linked = score.linkedCorrectly + score.linkedWrongly
  score.recall = score.matchable === 0 ? 1 : score.linkedCorrectly / score.matchable
  score.precision = linked === 0 ? 1 : score.linkedCorrectly / linked
  return score
}

const percent = (share: number) => `${(share * 100).toFixed(2)}%`

/** The score in a few lines a person reads: recall, precision, then the confusion of outcomes. */
export function describeStatementScore(score: StatementScore): string {
  const outcomes = [...new Set(Object.values(score.confusion).flatMap((row) => Object.keys(row)))].sort()
  const confusion = Object.entries(score.confusion)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([meant, row]) =>
        `    ${meant.padEnd(32)} ${outcomes.map((outcome) => `${outcome}: ${row[outcome] ?? 0}`).join(', ')}`,
    )
  return [
    `  recall ${percent(score.recall)} (${score.linkedCorrectly} of ${score.matchable} matchable lines linked to their policy), precision ${percent(score.precision)} (${score.linkedWrongly} linked wrongly)`,
    `  payments matched to the expected row meant: ${score.paidAsMeant} of ${score.paidLines}; seeded problems in their exception kind: ${score.problemsCaught} of ${score.problems}`,
    '  seeded as → matched as:',
    ...confusion,
  ].join('\n')
}
