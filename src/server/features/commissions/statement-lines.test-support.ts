// A realistic noisy carrier statement over a generated book, with what each line should become:
// the policy and expected commission it pays, or the exception it must land in. Deterministic by
// seed; the accuracy test and bench/commission-accuracy.bench.ts use it.
import type { MatchContext, OpenExpected, StatementLineInput } from './match-statement-lines.ts'
import {
  type BookPolicy,
  type CarrierBook,
  generateCarrierBook,
  pick,
  type Random,
  seededRandom,
} from './statement-book.test-support.ts'
import {
  amountOff,
  chargebackWithoutCancellation,
  type Draft,
  type LineTruth,
  paid,
  paymentLine,
  renewalAtNewBusinessRate,
  strangerLine,
} from './statement-payments.test-support.ts'

export interface GeneratedStatement {
  book: CarrierBook
  context: MatchContext
  lines: StatementLineInput[]
  truth: LineTruth[]
}

/** The shares of a statement's lines seeded with each problem; the rest are plain payments. */
export const SEEDED_SHARES = {
  unknownPolicy: 0.02,
  sharedNumber: 0.005,
  chargebackWithCancellation: 0.02,
  chargebackWithoutCancellation: 0.01,
  renewalAtNewBusinessRate: 0.015,
  amountOff: 0.015,
  noPolicyNumber: 0.05,
}

export function generateStatement(options: { seed?: number; lines?: number; policies?: number } = {}) {
  const { seed = 32, lines: size = 10_000, policies = 30_000 } = options
  const random = seededRandom(seed)
  const book = generateCarrierBook(random, policies, Math.ceil((size * SEEDED_SHARES.sharedNumber) / 2) + 5)
  const drafts: Draft[] = []
  const count = (share: number) => Math.round(size * share)
  const draw = drawRows(random, book)

  for (let i = 0; i < count(SEEDED_SHARES.unknownPolicy); i++) drafts.push(strangerLine(random, book))
  for (let i = 0; i < count(SEEDED_SHARES.sharedNumber); i++) {
    const pair = pick(random, book.sharedNumberPairs)
    const policy = pick(random, pair)
    const row = pick(random, policy.rows)
    drafts.push({
      line: paymentLine(random, policy, row, true),
      truth: {
        outcome: 'ambiguous',
        policyId: null,
        expectedCommissionId: null,
        seeded: 'number two policies share',
      },
    })
  }
  for (const [policy, row] of draw(
    count(SEEDED_SHARES.chargebackWithCancellation),
    (_, r) => r.transactionKind === 'cancellation',
  )) {
    drafts.push(paid(random, policy, row, true, 'chargeback behind a cancellation'))
  }
  for (const [policy, row] of draw(count(SEEDED_SHARES.chargebackWithoutCancellation), noNegativeRows)) {
    drafts.push(chargebackWithoutCancellation(random, policy, row))
  }
  const renewals = draw(
    count(SEEDED_SHARES.renewalAtNewBusinessRate),
    (_, r) => r.transactionKind === 'renewal',
  )
  const namesakes = countNamesakes(book)
  for (const [policy, row] of renewals) {
    // Without a number, the seeded problem is the rate: an insured whose name another policy
    // shares would make the line ambiguous instead, which is a different problem.
    const withNumber = random() < 0.8 || (namesakes.get(plainName(policy.insuredName)) ?? 0) > 1
    drafts.push(renewalAtNewBusinessRate(random, policy, row, withNumber))
  }
  const positive = (_: BookPolicy, row: OpenExpected) => row.amountCents > 0
  // Off by more than the tolerance on another premium needs a commission of some size.
  const sizeable = (_: BookPolicy, row: OpenExpected) => row.amountCents >= 5000
  for (const [policy, row] of draw(count(SEEDED_SHARES.amountOff), sizeable))
    drafts.push(amountOff(random, policy, row))
  for (const [policy, row] of draw(count(SEEDED_SHARES.noPolicyNumber), positive)) {
    drafts.push(paid(random, policy, row, false, 'no policy number: name, amount and date'))
  }
  const rest = size - drafts.length
  const plain = (_: BookPolicy, row: OpenExpected) => row.transactionKind !== 'cancellation'
  for (const [policy, row] of draw(rest, plain)) drafts.push(paid(random, policy, row, true, 'plain payment'))

  for (let i = drafts.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[drafts[i], drafts[j]] = [drafts[j]!, drafts[i]!]
  }
  return {
    book,
    context: book.context,
    lines: drafts.map((draft, index) => ({ rowNumber: index + 2, ...draft.line })),
    truth: drafts.map((draft) => draft.truth),
  } satisfies GeneratedStatement
}

/** A name as the generator tells insureds apart: its words without case, punctuation or suffix, sorted. */
function plainName(name: string): string {
  const words = name.toLowerCase().split(/[^a-z]+/)
  return words
    .filter((word) => word.length > 1 && !/^(llc|inc|co|corp|and|the)$/.test(word))
    .sort()
    .join(' ')
}

function countNamesakes(book: CarrierBook): Map<string, number> {
  const counts = new Map<string, number>()
  for (const policy of book.policies) {
    const name = plainName(policy.insuredName)
    counts.set(name, (counts.get(name) ?? 0) + 1)
  }
  return counts
}

function noNegativeRows(policy: BookPolicy, row: OpenExpected): boolean {
  return (
    policy.status === 'active' && row.amountCents > 0 && policy.rows.every((other) => other.amountCents > 0)
  )
}

/** Draws rows the statement has not paid yet, of policies whose number is their own. */
function drawRows(random: Random, book: CarrierBook) {
  const shared = new Set(book.sharedNumberPairs.flat())
  const used = new Set<string>()
  const usedPolicies = new Set<BookPolicy>()
  return (wanted: number, fits: (policy: BookPolicy, row: OpenExpected) => boolean) => {
    const drawn: [BookPolicy, OpenExpected][] = []
    for (let attempt = 0; drawn.length < wanted && attempt < wanted * 200; attempt++) {
      const policy = pick(random, book.policies)
      const row = pick(random, policy.rows)
      // A policy charged back without a cancellation is left out of the rest, so nothing explains it.
      if (shared.has(policy) || used.has(row.id) || usedPolicies.has(policy) || !fits(policy, row)) continue
      used.add(row.id)
      if (fits === noNegativeRows) usedPolicies.add(policy)
      drawn.push([policy, row])
    }
    if (drawn.length < wanted) throw new Error(`The book has too few rows for ${wanted} lines`)
    return drawn
  }
}
