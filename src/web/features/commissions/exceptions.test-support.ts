import type { CommissionException } from '#shared/contracts/commissions-statements.contract.ts'
import { EXCEPTION_KINDS, type ExceptionKind } from '#shared/contracts/commissions-statements-texts.ts'
import { CARRIERS } from '#web/features/applications/applications.test-support.ts'

const uuid = (n: number) => `00000000-0000-4000-b000-${String(n).padStart(12, '0')}`

export const STATEMENT_CARRIER = CARRIERS[0]!
export const MATCHED_POLICY_ID = uuid(500)
export const CANDIDATE = { policyId: uuid(501), policyNumber: 'AUTO-2002', insuredName: 'Ben Okafor' }
export const CANDIDATE_EXPECTED = {
  id: uuid(502),
  transactionKind: 'new_business',
  effectiveDate: '2026-01-01',
  amount: 120,
}

export function sampleException(overrides: Partial<CommissionException> = {}): CommissionException {
  return {
    id: uuid(1),
    kind: 'unmatched',
    status: 'open',
    resolution: null,
    reason: 'No policy of Cheap Mutual has the number ZZ-404 or an insured like Nobody Known',
    carrierId: STATEMENT_CARRIER.id,
    carrierName: STATEMENT_CARRIER.name,
    statementId: uuid(100),
    lineId: uuid(200),
    rowNumber: 2,
    policyId: null,
    policyNumber: 'ZZ-404',
    insuredName: 'Nobody Known',
    expectedCommissionId: null,
    expectedAmount: null,
    paidAmount: 50,
    effectiveDate: '2026-01-15',
    note: null,
    resolvedByName: null,
    resolvedAt: null,
    createdAt: '2026-03-01T15:00:00.000Z',
    ...overrides,
  }
}

/** One open exception of each kind that shows differently: unmatched, amount off, never paid. */
export const OPEN_EXCEPTIONS: CommissionException[] = [
  sampleException(),
  sampleException({
    id: uuid(2),
    kind: 'amount_mismatch',
    reason: 'Paid $110.00 against $120.00 expected, more than the $1.00 or 1% tolerance',
    lineId: uuid(201),
    rowNumber: 4,
    policyId: MATCHED_POLICY_ID,
    policyNumber: 'AUTO-1001',
    insuredName: 'Ana Ruiz',
    expectedCommissionId: uuid(300),
    expectedAmount: 120,
    paidAmount: 110,
  }),
  sampleException({
    id: uuid(3),
    kind: 'never_paid',
    reason: '$120.00 expected on 2026-01-01 for AUTO-2002, not on any statement after 90 days',
    statementId: null,
    lineId: null,
    rowNumber: null,
    policyId: CANDIDATE.policyId,
    policyNumber: CANDIDATE.policyNumber,
    insuredName: CANDIDATE.insuredName,
    expectedCommissionId: CANDIDATE_EXPECTED.id,
    expectedAmount: 120,
    paidAmount: null,
    effectiveDate: '2026-01-01',
  }),
]

export function countsOf(exceptions: readonly CommissionException[]): Record<ExceptionKind, number> {
  const counts = Object.fromEntries(EXCEPTION_KINDS.map((kind) => [kind, 0])) as Record<ExceptionKind, number>
  for (const exception of exceptions) if (exception.status === 'open') counts[exception.kind]++
  return counts
}

export const RESOLVED_EXCEPTION = sampleException({
  id: uuid(9),
  status: 'resolved',
  resolution: 'written_off',
  note: 'Not one of ours',
  resolvedByName: 'Dana Reyes',
  resolvedAt: '2026-03-02T16:30:00.000Z',
})

export const SETTINGS = { toleranceDollars: 1, tolerancePercent: 1, neverPaidDays: 90 }
