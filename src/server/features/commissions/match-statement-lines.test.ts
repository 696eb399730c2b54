import { describe, expect, it } from 'vitest'
import { commissionCents } from '#shared/domain/commission-math.ts'
import {
  type CarrierPolicy,
  type MatchContext,
  matchStatementLines,
  type OpenExpected,
  type StatementLineInput,
} from './match-statement-lines.ts'
import { describeStatementScore, scoreStatementMatches } from './statement-accuracy.test-support.ts'
import { generateStatement } from './statement-lines.test-support.ts'

const policy = (policyId: string, policyNumber: string, insuredName = 'John Smith'): CarrierPolicy => ({
  policyId,
  policyNumber,
  insuredName,
  status: 'active',
})

/** A renewal of $1,000.00 at 12% on 2026-03-01 unless told otherwise. */
function expected(id: string, policyId: string, values: Partial<OpenExpected> = {}): OpenExpected {
  const premiumChangeCents = values.premiumChangeCents ?? 100_000
  const rateBp = values.rateBp ?? 1200
  return {
    id,
    policyId,
    transactionKind: 'renewal',
    effectiveDate: '2026-03-01',
    premiumChangeCents,
    rateBp,
    rateKind: 'renewal',
    amountCents: commissionCents(premiumChangeCents, rateBp),
    ...values,
  }
}

const line = (values: Partial<StatementLineInput>): StatementLineInput => ({
  rowNumber: 2,
  policyNumber: null,
  insuredName: null,
  transactionType: null,
  effectiveDate: null,
  premiumCents: null,
  rateBp: null,
  commissionCents: 12_000,
  ...values,
})

function context(
  policies: CarrierPolicy[],
  rows: OpenExpected[],
  cancelledPolicyIds: string[] = [],
): MatchContext {
  return {
    policies,
    expected: rows,
    cancelledPolicyIds: new Set(cancelledPolicyIds),
    tolerance: { cents: 100, percent: 1 },
  }
}

const book = context([policy('p1', 'AB-000123')], [expected('e1', 'p1')])
const matchOne = (input: Partial<StatementLineInput>, within: MatchContext = book) =>
  matchStatementLines([line(input)], within)[0]!

describe('matching by policy number', () => {
  it.each(['AB-000123', 'ab 123', 'AB123', 'AB-123', 'ab.000123'])('matches “%s” to AB-000123', (number) => {
    const match = matchOne({ policyNumber: number })
    expect(match).toMatchObject({
      status: 'matched',
      policyId: 'p1',
      expectedCommissionId: 'e1',
      exceptionKind: null,
    })
    expect(match.matchReason).toContain(`Policy number “${number}” is policy AB-000123`)
  })

  it('never picks the first of two policies that share a number, however alike the rest is', () => {
    const shared = context(
      [policy('p1', 'AB-000123'), policy('p2', 'AB 123')],
      [expected('e1', 'p1'), expected('e2', 'p2')],
    )
    const match = matchOne(
      { policyNumber: 'ab123', insuredName: 'John Smith', effectiveDate: '2026-03-01' },
      shared,
    )
    expect(match).toMatchObject({ status: 'exception', exceptionKind: 'ambiguous', policyId: null })
    expect(match.expectedCommissionId).toBeNull()
    expect(match.matchReason).toBe(
      'Policy number “ab123” reads AB123, which 2 policies share: match it by hand',
    )
  })

  it('leaves a number from another carrier’s book unmatched: the context is one carrier’s', () => {
    const match = matchOne({ policyNumber: 'ZZ-000999', insuredName: 'Philippa Thistlewood' })
    expect(match).toMatchObject({ status: 'exception', exceptionKind: 'unmatched', policyId: null })
    expect(match.matchReason).toContain('No policy of the carrier has number “ZZ-000999” (ZZ999)')
    expect(match.matchReason).toContain('no insured named like “Philippa Thistlewood”')
  })

  it('answers one match per line, in the lines’ order', () => {
    const lines = [line({ policyNumber: 'nope' }), line({ policyNumber: 'AB123' }), line({})]
    const matches = matchStatementLines(lines, book)
    expect(matches.map((match) => match.exceptionKind ?? match.status)).toEqual([
      'unmatched',
      'matched',
      'unmatched',
    ])
    expect(matches[2]!.matchReason).toBe(
      'The line has no policy number, and the line names no insured to look for',
    )
  })
})

describe('matching by the insured’s name, amount and date', () => {
  const named = context(
    [policy('p1', 'AB-000123', 'John A. Smith'), policy('p2', 'CD-9', 'Mary Johnson')],
    [expected('e1', 'p1'), expected('e2', 'p2', { amountCents: 50_000 })],
  )

  it('matches a name written another way when the amount and date agree, saying with what', () => {
    const match = matchOne(
      { insuredName: 'SMTIH, JOHN', commissionCents: 12_040, effectiveDate: '2026-04-10' },
      named,
    )
    expect(match).toMatchObject({ status: 'matched', policyId: 'p1', expectedCommissionId: 'e1' })
    expect(match.matchReason).toBe(
      'Insured “SMTIH, JOHN” is John A. Smith (policy AB-000123), who was expected $120.00 on 2026-03-01; pays the renewal of 2026-03-01 ($120.00 expected)',
    )
  })

  it('tries the name when the number is unknown, and says the number was tried', () => {
    const match = matchOne(
      { policyNumber: 'XY-1', insuredName: 'John Smith', effectiveDate: '2026-03-02' },
      named,
    )
    expect(match.policyId).toBe('p1')
    expect(match.matchReason).toMatch(/^Insured “John Smith” is John A\. Smith/)
  })

  it('looks only 45 days either side of the line’s date, and only near the amount', () => {
    expect(matchOne({ insuredName: 'John Smith', effectiveDate: '2026-04-16' }, named).exceptionKind).toBe(
      'unmatched',
    )
    expect(matchOne({ insuredName: 'John Smith', commissionCents: 12_200 }, named).exceptionKind).toBe(
      'unmatched',
    )
    const far = matchOne(
      { insuredName: 'Mary Johnson', effectiveDate: '2026-06-01', commissionCents: 50_000 },
      named,
    )
    expect(far.matchReason).toBe(
      'The line has no policy number; no insured named like “Mary Johnson” has an open commission near $500.00 around 2026-06-01',
    )
  })

  it('finds a line by its premium when the amount is off, then reports the rate it was paid at', () => {
    const match = matchOne(
      { insuredName: 'Smith, John', premiumCents: 100_000, commissionCents: 15_000 },
      named,
    )
    expect(match).toMatchObject({
      exceptionKind: 'rate_mismatch',
      policyId: 'p1',
      expectedCommissionId: 'e1',
    })
    expect(match.matchReason).toContain('paid at 15% where the schedule says 12% for a renewal')
  })

  it('sends a name two policies could be to a person', () => {
    const twins = context(
      [policy('p1', 'A-1', 'John Smith'), policy('p2', 'B-2', 'Jon Smith')],
      [expected('e1', 'p1'), expected('e2', 'p2', { amountCents: 12_050 })],
    )
    const match = matchOne({ insuredName: 'JOHN SMITH' }, twins)
    expect(match).toMatchObject({ exceptionKind: 'ambiguous', policyId: null, expectedCommissionId: null })
    expect(match.matchReason).toContain('could be 2 policies (John Smith, A-1; Jon Smith, B-2)')
  })

  it('does not give a line written with one insured’s exact name to a look-alike whose amount agrees', () => {
    const lookAlike = context(
      [policy('p1', 'A-1', 'John Smith'), policy('p2', 'B-2', 'Jon Smith')],
      [expected('e1', 'p1', { amountCents: 90_000 }), expected('e2', 'p2')],
    )
    const match = matchOne({ insuredName: 'Smith, John' }, lookAlike)
    expect(match).toMatchObject({ exceptionKind: 'ambiguous', policyId: null })
    expect(match.matchReason).toContain(
      'is the name on policy A-1, but the amount and date agree with Jon Smith (B-2)',
    )
  })
})

describe('the expected commission a line pays, and what is wrong with it', () => {
  it('pays each expected commission once per statement, nearest date first', () => {
    const two = context(
      [policy('p1', 'AB-1')],
      [expected('e1', 'p1'), expected('e2', 'p1', { effectiveDate: '2025-03-01' })],
    )
    const payment = { policyNumber: 'AB1', effectiveDate: '2026-03-01' }
    const matches = matchStatementLines([line(payment), line(payment), line(payment)], two)
    expect(matches.map((match) => match.expectedCommissionId)).toEqual(['e1', 'e2', null])
    expect(matches[2]).toMatchObject({ exceptionKind: 'amount_mismatch', policyId: 'p1' })
    expect(matches[2]!.matchReason).toContain(
      'paid $120.00, but no commission was expected for it around 2026-03-01',
    )
  })

  it('takes the transaction the carrier names over a nearer one of another kind', () => {
    const rows = [
      expected('e1', 'p1'),
      expected('e2', 'p1', { transactionKind: 'endorsement', premiumChangeCents: 20_000 }),
    ]
    const match = matchOne(
      { policyNumber: 'AB-1', transactionType: 'ENDT', commissionCents: 2_400 },
      context([policy('p1', 'AB-1')], rows),
    )
    expect(match).toMatchObject({ status: 'matched', expectedCommissionId: 'e2' })
    const none = matchOne(
      { policyNumber: 'AB-1', transactionType: 'NB' },
      context([policy('p1', 'AB-1')], rows),
    )
    expect(none).toMatchObject({ exceptionKind: 'amount_mismatch', expectedCommissionId: null })
    expect(none.matchReason).toContain('no new business commission was expected for it')
  })

  it('questions a chargeback on a policy with no cancellation', () => {
    const match = matchOne({ policyNumber: 'AB123', commissionCents: -6_000, transactionType: 'CXL' })
    expect(match).toMatchObject({
      status: 'exception',
      exceptionKind: 'chargeback_without_cancellation',
      policyId: 'p1',
      expectedCommissionId: null,
    })
    expect(match.matchReason).toContain('a chargeback of -$60.00, but the policy has no cancellation')
  })

  it('matches a chargeback to the cancellation expected, and a returned premium to its endorsement', () => {
    const cancellation = expected('e2', 'p1', {
      transactionKind: 'cancellation',
      premiumChangeCents: -50_000,
    })
    const cancelled = context([policy('p1', 'AB-1')], [expected('e1', 'p1'), cancellation], ['p1'])
    expect(matchOne({ policyNumber: 'AB-1', commissionCents: -6_000 }, cancelled)).toMatchObject({
      status: 'matched',
      expectedCommissionId: 'e2',
    })
    const returned = expected('e3', 'p1', { transactionKind: 'endorsement', premiumChangeCents: -10_000 })
    expect(
      matchOne(
        { policyNumber: 'AB-1', commissionCents: -1_200 },
        context([policy('p1', 'AB-1')], [returned]),
      ),
    ).toMatchObject({
      status: 'matched',
      expectedCommissionId: 'e3',
    })
  })

  it('calls a chargeback on a cancelled policy with nothing left to charge back an amount difference', () => {
    const match = matchOne(
      { policyNumber: 'AB-1', commissionCents: -6_000 },
      context([policy('p1', 'AB-1')], [expected('e1', 'p1')], ['p1']),
    )
    expect(match).toMatchObject({
      exceptionKind: 'amount_mismatch',
      policyId: 'p1',
      expectedCommissionId: null,
    })
    expect(match.matchReason).toContain('charged back $60.00, but no chargeback was expected for it')
  })

  it('reports a renewal paid at the new-business rate, written or worked out from the premium', () => {
    const written = matchOne({ policyNumber: 'AB123', rateBp: 1500, commissionCents: 15_000 })
    expect(written).toMatchObject({
      exceptionKind: 'rate_mismatch',
      policyId: 'p1',
      expectedCommissionId: 'e1',
    })
    expect(written.matchReason).toBe(
      'Policy number “AB123” is policy AB-000123: both read AB123; paid at 15% where the schedule says 12% for a renewal',
    )
    expect(
      matchOne({ policyNumber: 'AB123', premiumCents: 100_000, commissionCents: 15_000 }).exceptionKind,
    ).toBe('rate_mismatch')
    // 12.06% is 0.06 points off; 12.05% is within the rule.
    expect(matchOne({ policyNumber: 'AB123', rateBp: 1206 }).exceptionKind).toBe('rate_mismatch')
    expect(matchOne({ policyNumber: 'AB123', rateBp: 1205 }).status).toBe('matched')
  })

  it('does not take a cent of rounding on a small premium for another rate', () => {
    // $40.00 at 12% is $4.80; a carrier rounding to $4.81 reads as 12.03%, 0.03 points off.
    const small = context([policy('p1', 'AB-1')], [expected('e1', 'p1', { premiumChangeCents: 4_000 })])
    expect(matchOne({ policyNumber: 'AB-1', premiumCents: 4_000, commissionCents: 481 }, small).status).toBe(
      'matched',
    )
    expect(
      matchOne({ policyNumber: 'AB-1', premiumCents: 4_000, commissionCents: 500 }, small).exceptionKind,
    ).toBe('rate_mismatch')
  })

  it('reports an amount off the expected by more than the tolerance, with both amounts', () => {
    expect(matchOne({ policyNumber: 'AB123', commissionCents: 12_120 }).status).toBe('matched')
    // The larger of $1 and 1% of $120.00 is $1.20.
    const off = matchOne({ policyNumber: 'AB123', commissionCents: 12_121 })
    expect(off).toMatchObject({
      exceptionKind: 'amount_mismatch',
      policyId: 'p1',
      expectedCommissionId: 'e1',
    })
    expect(off.matchReason).toContain('paid $121.21 where $120.00 was expected for the renewal of 2026-03-01')
  })

  it('reports a payment on a policy with nothing open as an amount no one expected', () => {
    const match = matchOne(
      { policyNumber: 'AB-1', effectiveDate: '2026-05-01' },
      context([policy('p1', 'AB-1')], []),
    )
    expect(match).toMatchObject({
      exceptionKind: 'amount_mismatch',
      policyId: 'p1',
      expectedCommissionId: null,
    })
    expect(match.matchReason).toBe(
      'Policy number “AB-1” is policy AB-1; paid $120.00, but no commission was expected for it around 2026-05-01',
    )
  })
})

describe('accuracy over a generated statement of 10,000 noisy lines (seed 32)', () => {
  const statement = generateStatement({ seed: 32, lines: 10_000, policies: 30_000 })
  const score = scoreStatementMatches(
    statement.lines,
    statement.truth,
    matchStatementLines(statement.lines, statement.context),
  )
  const percent = (share: number) => `${(share * 100).toFixed(2)}%`

  it(`links none wrongly and ${percent(score.recall)} of the matchable lines correctly (at least 99.5%)`, () => {
    const report = describeStatementScore(score)
    expect(score.lines).toBe(10_000)
    expect(score.linkedWrongly, report).toBe(0)
    expect(score.precision).toBe(1)
    expect(score.recall, report).toBeGreaterThanOrEqual(0.995)
    expect(score.paidAsMeant / score.paidLines, report).toBeGreaterThanOrEqual(0.995)
  })

  it('puts every seeded problem in exceptions, with its kind', () => {
    const report = describeStatementScore(score)
    expect(score.problems).toBe(650)
    expect(score.problemsCaught, report).toBe(score.problems)
    for (const kind of [
      'unmatched',
      'ambiguous',
      'amount_mismatch',
      'rate_mismatch',
      'chargeback_without_cancellation',
    ]) {
      expect(score.confusion[kind]?.[kind], `${kind}\n${report}`).toBeGreaterThanOrEqual(50)
    }
  })
})
