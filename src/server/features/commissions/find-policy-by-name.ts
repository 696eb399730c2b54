import {
  firstAtLeast,
  type IndexedExpected,
  type IndexedPolicy,
  type StatementIndex,
} from './build-statement-index.ts'
import { compareWithName, profileName } from './compare-insured-names.ts'
import type { MatchContext, StatementLineInput } from './match-statement-lines.types.ts'
import { isWithinTolerance } from './read-statement-values.ts'
import { formatCents, REASONS } from './render-match-reasons.ts'

/**
 * The second way to a policy, for a line without a number the book knows: the insured's name,
 * fuzzy, but only among policies with an open expected commission that the line's amount (or
 * premium) and date agree with. One such policy is a match; two are for a person to choose.
 */

/** Days either side of the line's date an expected commission may be dated. */
export const NAME_MATCH_DAYS = 45
/** How alike the names must be (0..1): a swapped or dropped letter passes, Johnson is not Jackson. */
export const NAME_THRESHOLD = 0.9

export type NameFinding =
  | { found: 'policy'; policy: IndexedPolicy; candidates: IndexedExpected[]; reason: string }
  | { found: 'several'; reason: string }
  | { found: 'none'; reason: string }

/**
 * The policies whose name agrees with the line's, each with its open rows that the line's amount
 * is within tolerance of, or whose premium change it repeats, dated near the line. A policy's
 * name is compared once per line (`stamp`), and only once its row has passed the cheap tests.
 */
function findPlausiblePolicies(
  line: StatementLineInput,
  lineDay: number | null,
  stamp: number,
  nameAgrees: (policy: IndexedPolicy) => boolean,
  index: StatementIndex,
  tolerance: MatchContext['tolerance'],
): Map<IndexedPolicy, IndexedExpected[]> {
  const plausible = new Map<IndexedPolicy, IndexedExpected[]>()
  const consider = (entry: IndexedExpected) => {
    const { owner } = entry
    if (owner.seenBy !== stamp) {
      owner.seenBy = stamp
      owner.nameAgrees = nameAgrees(owner)
    }
    if (!owner.nameAgrees) return
    const rows = plausible.get(owner)
    if (!rows) plausible.set(owner, [entry])
    else if (!rows.includes(entry)) rows.push(entry)
  }
  const paid = line.commissionCents
  const { amounts, days } = index
  // The widest window the tolerance allows, searched in the sorted amounts, then checked exactly.
  const share = tolerance.percent / 100
  const low =
    share >= 1 ? -Infinity : Math.min(paid - tolerance.cents, paid / (paid < 0 ? 1 - share : 1 + share)) - 1
  const high =
    share >= 1 ? Infinity : Math.max(paid + tolerance.cents, paid / (paid < 0 ? 1 + share : 1 - share)) + 1
  for (let at = firstAtLeast(amounts, low); at < amounts.length && amounts[at]! <= high; at++) {
    if (lineDay !== null && Math.abs(days[at]! - lineDay) > NAME_MATCH_DAYS) continue
    const entry = index.byAmount[at]!
    if (!entry.taken && isWithinTolerance(paid, amounts[at]!, tolerance)) consider(entry)
  }
  if (line.premiumCents !== null && line.premiumCents !== 0) {
    for (const entry of index.byPremium.get(line.premiumCents) ?? []) {
      if (!entry.taken && (lineDay === null || Math.abs(entry.day - lineDay) <= NAME_MATCH_DAYS))
        consider(entry)
    }
  }
  return plausible
}

function agreedWith(entries: readonly IndexedExpected[], paid: number): string {
  const closest = entries.reduce((best, entry) =>
    Math.abs(entry.row.amountCents - paid) < Math.abs(best.row.amountCents - paid) ? entry : best,
  )
  return `${formatCents(closest.row.amountCents)} on ${closest.row.effectiveDate}`
}

export function findPolicyByName(
  line: StatementLineInput,
  lineDay: number | null,
  tried: string,
  stamp: number,
  index: StatementIndex,
  tolerance: MatchContext['tolerance'],
): NameFinding {
  const raw = line.insuredName?.trim() ?? ''
  const name = profileName(raw)
  if (name.words.length === 0) return { found: 'none', reason: REASONS.noNumberOrName(tried) }

  const similarityTo = compareWithName(name, NAME_THRESHOLD)
  const nameAgrees = (policy: IndexedPolicy) => similarityTo(index.nameOf(policy)) >= NAME_THRESHOLD
  const plausible = [...findPlausiblePolicies(line, lineDay, stamp, nameAgrees, index, tolerance)]
  const near = `${formatCents(line.commissionCents)}${line.effectiveDate ? ` around ${line.effectiveDate}` : ''}`
  if (plausible.length === 0) return { found: 'none', reason: REASONS.noName(tried, raw, near) }
  if (plausible.length > 1) {
    const names = plausible.map(([{ policy }]) => `${policy.insuredName}, ${policy.policyNumber}`)
    return { found: 'several', reason: REASONS.nameShared(raw, names, near) }
  }
  const [[policy, rows]] = plausible as [[IndexedPolicy, IndexedExpected[]]]
  const { insuredName, policyNumber } = policy.policy
  // A line written with exactly another insured's name is more likely theirs, paid a wrong amount,
  // than a look-alike's whose amount happens to agree.
  const namesakes = index.nameOf(policy).key === name.key ? [policy] : index.policiesNamed(name.key)
  if (namesakes.length > 0 && !namesakes.includes(policy)) {
    const numbers = namesakes.map((namesake) => namesake.policy.policyNumber)
    return {
      found: 'several',
      reason: REASONS.nameIsAnother(raw, numbers, `${insuredName} (${policyNumber})`),
    }
  }
  return {
    found: 'policy',
    policy,
    candidates: rows,
    reason: REASONS.nameIs(raw, insuredName, policyNumber, agreedWith(rows, line.commissionCents)),
  }
}
