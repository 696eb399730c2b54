// Matching a carrier statement (issue #32): 10,000 generated noisy lines against a carrier's book of
// 30,000 policies and about 60,000 open expected commissions, in memory (the engine is pure). Prints
// recall, precision and how each seeded problem was classed, then the matching time (target: well
// under 300 ms) beside the floor measured in the same run: an exact-number lookup of the same lines,
// which any matcher pays. BENCH_COMMISSION_LINES, BENCH_COMMISSION_POLICIES and BENCH_COMMISSION_SEED
// change the statement.
import { matchStatementLines } from '#server/features/commissions/match-statement-lines.ts'
import type {
  MatchContext,
  StatementLineInput,
} from '#server/features/commissions/match-statement-lines.types.ts'
import {
  describeStatementScore,
  scoreStatementMatches,
} from '#server/features/commissions/statement-accuracy.test-support.ts'
import { generateStatement } from '#server/features/commissions/statement-lines.test-support.ts'

const TARGET_MS = 300
const RUNS = 7

/** The floor: each line's number looked up as written, and its policy's rows read. */
function matchExactNumbers(lines: readonly StatementLineInput[], context: MatchContext): number {
  const byNumber = new Map(
    context.policies.map((policy) => [policy.policyNumber.toUpperCase(), policy.policyId]),
  )
  const rows = new Map<string, number>()
  for (const row of context.expected) rows.set(row.policyId, (rows.get(row.policyId) ?? 0) + 1)
  let found = 0
  for (const line of lines) {
    const policyId = line.policyNumber ? byNumber.get(line.policyNumber.toUpperCase()) : undefined
    if (policyId && rows.has(policyId)) found++
  }
  return found
}

function medianMs(run: () => unknown): number {
  run()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    run()
    times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!
}

export async function benchCommissionAccuracy(): Promise<void> {
  const lines = Number(process.env.BENCH_COMMISSION_LINES ?? 10_000)
  const policies = Number(process.env.BENCH_COMMISSION_POLICIES ?? 30_000)
  const seed = Number(process.env.BENCH_COMMISSION_SEED ?? 32)
  const statement = generateStatement({ seed, lines, policies })
  const { context } = statement
  console.log(
    `\ncommission accuracy: ${lines.toLocaleString('en-US')} generated lines (seed ${seed}) against ${context.policies.length.toLocaleString('en-US')} policies and ${context.expected.length.toLocaleString('en-US')} open expected commissions`,
  )
  const matches = matchStatementLines(statement.lines, context)
  console.log(describeStatementScore(scoreStatementMatches(statement.lines, statement.truth, matches)))

  const matching = medianMs(() => matchStatementLines(statement.lines, context))
  const floor = medianMs(() => matchExactNumbers(statement.lines, context))
  const verdict = matching < TARGET_MS ? 'meets' : 'ABOVE'
  console.log(
    `  matching: median ${matching.toFixed(0)} ms of ${RUNS} (${verdict} target ${TARGET_MS} ms); exact-number floor ${floor.toFixed(0)} ms, ratio ${(matching / floor).toFixed(1)}`,
  )
}
