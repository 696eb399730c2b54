import { type NameProfile, profileName } from './compare-insured-names.ts'
import type { CarrierPolicy, MatchContext, OpenExpected } from './match-statement-lines.types.ts'
import { dayNumberOf, statementPolicyKey } from './read-statement-values.ts'

/**
 * The carrier's book indexed once per statement, so that each line costs a few map reads: by
 * policy number key, each policy with its open rows, the rows by amount (sorted, for a tolerance
 * window) and by premium. Names are read only for the policies a line's amount and date leave in
 * play. The index lives for one statement: it also remembers which rows its lines have taken.
 */

export interface IndexedPolicy {
  policy: CarrierPolicy
  rows: IndexedExpected[]
  /** Read the first time a line's name is compared with it. */
  name: NameProfile | null
  cancellationExpected: boolean
  /** The last line that compared its name with this policy's, and what it found. */
  seenBy: number
  nameAgrees: boolean
}

export interface IndexedExpected {
  row: OpenExpected
  day: number
  owner: IndexedPolicy
  /** Paid by an earlier line of this statement. */
  taken: boolean
}

export interface StatementIndex {
  policiesByKey: Map<string, IndexedPolicy[]>
  cancelledPolicyIds: ReadonlySet<string>
  /** Every open row, ascending by amount, with its amount and day side by side for a quick scan. */
  byAmount: IndexedExpected[]
  amounts: Float64Array
  days: Float64Array
  byPremium: Map<number, IndexedExpected[]>
  nameOf(policy: IndexedPolicy): NameProfile
  /** The policies whose insured's name has exactly these words, in any order. */
  policiesNamed(key: string): readonly IndexedPolicy[]
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

export function buildStatementIndex(context: MatchContext): StatementIndex {
  const policiesByKey = new Map<string, IndexedPolicy[]>()
  const byId = new Map<string, IndexedPolicy>()
  for (const policy of context.policies) {
    const indexed: IndexedPolicy = {
      policy,
      rows: [],
      name: null,
      cancellationExpected: false,
      seenBy: -1,
      nameAgrees: false,
    }
    pushTo(policiesByKey, statementPolicyKey(policy.policyNumber), indexed)
    byId.set(policy.policyId, indexed)
  }
  const byPremium = new Map<number, IndexedExpected[]>()
  const entries: IndexedExpected[] = []
  for (const row of context.expected) {
    const owner = byId.get(row.policyId)
    // A row of a policy the carrier's list does not hold cannot be paid by this statement.
    if (!owner) continue
    const indexed: IndexedExpected = { row, day: dayNumberOf(row.effectiveDate), owner, taken: false }
    entries.push(indexed)
    owner.rows.push(indexed)
    if (row.premiumChangeCents !== 0) pushTo(byPremium, row.premiumChangeCents, indexed)
    if (row.transactionKind === 'cancellation') owner.cancellationExpected = true
  }
  // Sorted through a typed array of positions: half the time of sorting the entries themselves.
  const unsorted = new Float64Array(entries.length)
  const order = new Uint32Array(entries.length)
  for (let at = 0; at < entries.length; at++) {
    unsorted[at] = entries[at]!.row.amountCents
    order[at] = at
  }
  order.sort((a, b) => unsorted[a]! - unsorted[b]!)
  const byAmount = new Array<IndexedExpected>(entries.length)
  const amounts = new Float64Array(entries.length)
  const days = new Float64Array(entries.length)
  for (let at = 0; at < entries.length; at++) {
    const entry = entries[order[at]!]!
    byAmount[at] = entry
    amounts[at] = entry.row.amountCents
    days[at] = entry.day
  }

  const nameOf = (policy: IndexedPolicy) => {
    policy.name ??= profileName(policy.policy.insuredName)
    return policy.name
  }
  // Read all names only when a line needs it: most statements carry policy numbers throughout.
  let named: Map<string, IndexedPolicy[]> | null = null
  const policiesNamed = (key: string) => {
    if (!named) {
      named = new Map()
      for (const policy of byId.values()) pushTo(named, nameOf(policy).key, policy)
    }
    return named.get(key) ?? []
  }

  return {
    policiesByKey,
    cancelledPolicyIds: context.cancelledPolicyIds,
    byAmount,
    amounts,
    days,
    byPremium,
    nameOf,
    policiesNamed,
  }
}

/** The first position in ascending `values` holding at least `value`. */
export function firstAtLeast(values: Float64Array, value: number): number {
  let low = 0
  let high = values.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (values[middle]! < value) low = middle + 1
    else high = middle
  }
  return low
}
