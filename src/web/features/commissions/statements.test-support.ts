import { vi } from 'vitest'
import { listCarriersCall } from '#shared/contracts/carriers.contract.ts'
import type { StatementLine, StatementSummary } from '#shared/contracts/commissions-statements.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { CARRIERS } from '#web/features/applications/applications.test-support.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'

const uuid = (n: number) => `00000000-0000-4000-b000-${String(n).padStart(12, '0')}`

export const STATEMENT_CARRIER = CARRIERS[1]!
export const STATEMENT_ID = uuid(1)
export const MATCHED_POLICY_ID = uuid(700)

/** The shell's calls and the carriers, then a test's own stubs. */
export function mockStatementsApi(...handlers: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(listCarriersCall, { body: { data: CARRIERS } }),
    ...handlers,
  )
}

export function sampleStatement(overrides: Partial<StatementSummary> = {}): StatementSummary {
  return {
    id: STATEMENT_ID,
    carrierId: STATEMENT_CARRIER.id,
    carrierName: STATEMENT_CARRIER.name,
    fileName: 'pricey-2026-03.csv',
    importedAt: '2026-04-02T15:30:00.000Z',
    importedByName: 'Dana Reyes',
    lineCount: 3,
    total: 1234.5,
    statedTotal: 1234.5,
    tiesOut: true,
    matched: 2,
    exceptions: 1,
    resolved: 0,
    ...overrides,
  }
}

export function sampleLine(n: number, overrides: Partial<StatementLine> = {}): StatementLine {
  return {
    id: uuid(1000 + n),
    rowNumber: n + 1,
    raw: { 'Policy No': `PC-${String(n).padStart(6, '0')}`, Insured: `Insured ${n}`, Commission: '10.00' },
    policyNumber: `PC-${String(n).padStart(6, '0')}`,
    insuredName: `Insured ${n}`,
    transactionType: 'New business',
    effectiveDate: '2026-03-01',
    premium: 100,
    ratePercent: 10,
    commission: 10,
    status: 'matched',
    policyId: MATCHED_POLICY_ID,
    matchedPolicyNumber: `PC${n}`,
    matchReason: 'Policy number PC-000001 matches PC1 once the dashes and leading zeros are set aside',
    exceptionKind: null,
    exceptionId: null,
    expectedCommissionId: uuid(2000 + n),
    expectedAmount: 10,
    ...overrides,
  }
}

/** An unmatched line: no policy, in the queue. */
export function exceptionLine(n: number, overrides: Partial<StatementLine> = {}): StatementLine {
  return sampleLine(n, {
    status: 'exception',
    policyId: null,
    matchedPolicyNumber: null,
    matchReason: 'No policy of this carrier has the number or the insured',
    exceptionKind: 'unmatched',
    exceptionId: uuid(3000 + n),
    expectedCommissionId: null,
    expectedAmount: null,
    ...overrides,
  })
}

/** A window this many pixels wide, as matchMedia answers width queries (jsdom has no matchMedia). */
export function screenWidth(pixels: number) {
  const fits = (query: string) =>
    [...query.matchAll(/(min|max)-width:\s*([\d.]+)(px|rem)/g)].every(([, side, size, unit]) => {
      const limit = Number(size) * (unit === 'rem' ? 16 : 1)
      return side === 'min' ? pixels >= limit : pixels <= limit
    })
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: fits(query),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}
