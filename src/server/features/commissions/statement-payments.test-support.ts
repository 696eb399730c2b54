// The lines of a generated statement, each with what it must become: a payment as the carrier
// writes it (noisy number and name, a cent of rounding), and each seeded problem. The statement
// generator (statement-lines.test-support.ts) chooses which rows they pay.
import type { LineExceptionKind } from '#shared/contracts/commissions-statements.contract.ts'
import { commissionCents } from '#shared/domain/commission-math.ts'
import type { TransactionKind } from '#shared/domain/policy-ledger.ts'
import type { OpenExpected, StatementLineInput } from './match-statement-lines.ts'
import {
  addDays,
  BOOK_START,
  type BookPolicy,
  between,
  type CarrierBook,
  pick,
  type Random,
  scheduledRate,
  unknownPolicyNumber,
} from './statement-book.test-support.ts'
import { noisyInsuredName, noisyPolicyNumber } from './statement-noise.test-support.ts'

export type LineOutcome = 'matched' | LineExceptionKind

/** What a generated line must become. */
export interface LineTruth {
  outcome: LineOutcome
  /** The policy it pays; null for a line no policy or several could be. */
  policyId: string | null
  expectedCommissionId: string | null
  /** What the generator did to it, for a failure's message. */
  seeded: string
}

export interface Draft {
  line: Omit<StatementLineInput, 'rowNumber'>
  truth: LineTruth
}

/** The carrier's words for each transaction, null for a carrier that leaves the column out. */
const KIND_LABELS: Record<TransactionKind, (string | null)[]> = {
  new_business: ['NB', 'New', 'New Business', 'NEW', null],
  renewal: ['RN', 'RWL', 'REN', 'Renewal', null],
  endorsement: ['END', 'ENDT', 'Endorsement', 'PCH', 'Change', null],
  cancellation: ['CXL', 'CAN', 'Cancel', 'Cancellation', 'Flat cancel', null],
  reinstatement: ['REI', 'Reinstate', null],
}
// Insureds the agency never had: no one in the book is named like them.
const STRANGER_FIRST =
  'Ximena Thaddeus Oksana Zoltan Ignatius Philippa Bartholomew Esmeralda Leopold Wilhelmina'.split(' ')
const STRANGER_LAST =
  'Quackenbush Zybrowski Fairweather Oyelaran Thistlewood Vukovich Abernathy Ekwueme'.split(' ')

/** A line paying `row` as the carrier writes it: noisy number and name, rounding a cent either way. */
export function paymentLine(random: Random, policy: BookPolicy, row: OpenExpected, withNumber: boolean) {
  const roundedPremium = random() < 0.1
  const premium = roundedPremium ? Math.round(row.premiumChangeCents / 100) * 100 : row.premiumChangeCents
  const commission = roundedPremium
    ? commissionCents(premium, row.rateBp)
    : row.amountCents + (random() < 0.3 ? pick(random, [-1, 1]) : 0)
  const alone = policy.rows.filter((other) => other.amountCents < 0 === row.amountCents < 0).length === 1
  return {
    policyNumber: withNumber ? noisyPolicyNumber(random, policy.policyNumber) : null,
    insuredName: noisyInsuredName(random, policy.insuredName),
    transactionType: pick(random, KIND_LABELS[row.transactionKind]),
    effectiveDate:
      withNumber && alone && random() < 0.05
        ? null
        : withNumber
          ? row.effectiveDate
          : addDays(row.effectiveDate, between(random, -3, 3)),
    premiumCents: random() < 0.75 || roundedPremium ? premium : null,
    rateBp: random() < 0.4 ? row.rateBp : null,
    commissionCents: commission,
  }
}

export function paid(
  random: Random,
  policy: BookPolicy,
  row: OpenExpected,
  withNumber: boolean,
  seeded: string,
): Draft {
  return {
    line: paymentLine(random, policy, row, withNumber),
    truth: { outcome: 'matched', policyId: policy.policyId, expectedCommissionId: row.id, seeded },
  }
}

export function strangerLine(random: Random, book: CarrierBook): Draft {
  const premium = between(random, 300, 5000) * 100
  const rate = pick(random, [1000, 1200, 1500])
  return {
    line: {
      policyNumber: random() < 0.8 ? noisyPolicyNumber(random, unknownPolicyNumber(random, book.keys)) : null,
      insuredName: `${pick(random, STRANGER_FIRST)} ${pick(random, STRANGER_LAST)}`,
      transactionType: pick(random, ['NB', 'RWL', 'END', null]),
      effectiveDate: addDays(BOOK_START, between(random, 0, 180)),
      premiumCents: premium,
      rateBp: null,
      commissionCents: commissionCents(premium, rate),
    },
    truth: {
      outcome: 'unmatched',
      policyId: null,
      expectedCommissionId: null,
      seeded: 'policy not in the book',
    },
  }
}

/** A chargeback on a policy that has no cancellation, nor a returned premium to explain it. */
export function chargebackWithoutCancellation(random: Random, policy: BookPolicy, row: OpenExpected): Draft {
  const returned = -Math.round(row.premiumChangeCents * (0.2 + random() * 0.8))
  return {
    line: {
      policyNumber: noisyPolicyNumber(random, policy.policyNumber),
      insuredName: noisyInsuredName(random, policy.insuredName),
      transactionType: pick(random, KIND_LABELS.cancellation),
      effectiveDate: addDays(row.effectiveDate, between(random, 20, 120)),
      premiumCents: random() < 0.7 ? returned : null,
      rateBp: null,
      commissionCents: commissionCents(returned, row.rateBp),
    },
    truth: {
      outcome: 'chargeback_without_cancellation',
      policyId: policy.policyId,
      expectedCommissionId: null,
      seeded: 'chargeback with no cancellation',
    },
  }
}

/** The classic: a renewal paid at the new-business rate; one in five without a policy number. */
export function renewalAtNewBusinessRate(
  random: Random,
  policy: BookPolicy,
  row: OpenExpected,
  withNumber: boolean,
): Draft {
  const newBusinessBp = scheduledRate(policy.line, 'new_business')
  const rateGiven = random() < 0.5
  return {
    line: {
      ...paymentLine(random, policy, row, withNumber),
      premiumCents: !withNumber || !rateGiven || random() < 0.8 ? row.premiumChangeCents : null,
      rateBp: rateGiven ? newBusinessBp : null,
      commissionCents: commissionCents(row.premiumChangeCents, newBusinessBp),
    },
    truth: {
      outcome: 'rate_mismatch',
      policyId: policy.policyId,
      expectedCommissionId: row.id,
      seeded: `renewal paid at the new-business rate${withNumber ? '' : ', no policy number'}`,
    },
  }
}

/** Paid on another premium than the agency's, or simply a wrong amount: beyond the tolerance either way. */
export function amountOff(random: Random, policy: BookPolicy, row: OpenExpected): Draft {
  const base = paymentLine(random, policy, row, true)
  const onOtherPremium = random() < 0.5
  let premium = row.premiumChangeCents
  let commission = row.amountCents
  while (
    commission <= 0 ||
    Math.abs(commission - row.amountCents) <= Math.max(100, row.amountCents / 100) + 50
  ) {
    if (onOtherPremium) {
      premium =
        row.premiumChangeCents +
        Math.round(row.premiumChangeCents * (0.05 + random() * 0.25)) * pick(random, [-1, 1])
      commission = commissionCents(premium, row.rateBp)
    } else commission = row.amountCents + between(random, 200, 8000) * pick(random, [-1, 1])
  }
  return {
    line: {
      ...base,
      premiumCents: onOtherPremium ? premium : null,
      rateBp: onOtherPremium && random() < 0.4 ? row.rateBp : null,
      commissionCents: commission,
    },
    truth: {
      outcome: 'amount_mismatch',
      policyId: policy.policyId,
      expectedCommissionId: row.id,
      seeded: onOtherPremium ? 'paid on another premium' : 'wrong amount',
    },
  }
}
