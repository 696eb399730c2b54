import type { CommissionRate, CommissionRateEntry } from '#shared/contracts/commissions.contract.ts'
import type {
  ExpectedCommission,
  PolicyCommission,
  ProducerSplit,
} from '#shared/contracts/commissions-policies.contract.ts'
import { CARRIER, POLICY_ID, PRODUCER } from '#web/features/policies/policies.test-support.ts'

const uuid = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`

export const COLLEAGUE = {
  id: uuid(900),
  name: 'Alex Colleague',
  email: 'alex@example.com',
  role: 'agent' as const,
  disabled: false,
}

export function sampleRate(overrides: Partial<CommissionRate> = {}): CommissionRate {
  return {
    id: uuid(1),
    carrierId: null,
    carrierName: null,
    lineOfBusiness: null,
    newBusinessRate: 10,
    renewalRate: 8,
    effectiveFrom: '2026-01-01',
    createdByName: 'Dana Reyes',
    createdAt: '2026-01-01T15:00:00.000Z',
    ...overrides,
  }
}

export function sampleEntry(overrides: Partial<CommissionRateEntry> = {}): CommissionRateEntry {
  return { ...sampleRate(), status: 'current', ...overrides }
}

/** The agency's default and one carrier's auto rate, with a change the carrier's replaced. */
export function sampleSchedules(canEdit = true) {
  const carrierAuto = sampleRate({
    id: uuid(2),
    carrierId: CARRIER.id,
    carrierName: CARRIER.name,
    lineOfBusiness: 'auto',
    newBusinessRate: 12.5,
    renewalRate: 10.25,
    effectiveFrom: '2026-03-01',
  })
  return {
    rates: [sampleRate(), carrierAuto],
    history: [
      { ...carrierAuto, status: 'current' as const },
      sampleEntry({
        id: uuid(3),
        carrierId: CARRIER.id,
        carrierName: CARRIER.name,
        lineOfBusiness: 'auto',
        newBusinessRate: 15,
        renewalRate: 12,
        effectiveFrom: '2025-01-01',
        status: 'superseded',
      }),
      sampleEntry(),
    ],
    historyTotal: 3,
    canEdit,
  }
}

export function sampleExpected(overrides: Partial<ExpectedCommission> = {}): ExpectedCommission {
  return {
    transactionId: uuid(300),
    termNumber: 1,
    kind: 'new_business',
    effectiveDate: '2026-01-01',
    premiumChange: 1234.56,
    status: 'recorded',
    rateKind: 'new_business',
    rate: 12.5,
    rateSource: 'carrier_line',
    expectedCommission: 154.32,
    shares: [{ userId: PRODUCER.id, name: PRODUCER.name, role: 'writing', percent: 100, amount: 154.32 }],
    ...overrides,
  }
}

export function sampleSplit(overrides: Partial<ProducerSplit> = {}): ProducerSplit {
  return {
    id: uuid(400),
    effectiveFrom: '2026-01-01',
    producers: [{ userId: PRODUCER.id, name: PRODUCER.name, role: 'writing', percent: 100 }],
    isDefault: true,
    createdByName: null,
    createdAt: '2026-01-01T15:00:00.000Z',
    ...overrides,
  }
}

export function samplePolicyCommission(overrides: Partial<PolicyCommission> = {}): PolicyCommission {
  return {
    policyId: POLICY_ID,
    canEdit: true,
    transactions: [sampleExpected()],
    totalExpected: 154.32,
    override: { current: null, history: [] },
    split: { current: sampleSplit(), history: [sampleSplit()] },
    ...overrides,
  }
}
