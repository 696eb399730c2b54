import { listAgencyUsersCall } from '#shared/contracts/agency-users.contract.ts'
import { listCarriersCall } from '#shared/contracts/carriers.contract.ts'
import { listClientsCall } from '#shared/contracts/clients.contract.ts'
import { getPolicyCommissionCall } from '#shared/contracts/commissions-policies.contract.ts'
import type { AuditRecord } from '#shared/contracts/compliance.contract.ts'
import { policyHistoryCall } from '#shared/contracts/compliance-policy-history.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import {
  getPolicyCall,
  listPoliciesCall,
  type Policy,
  type PolicyListItem,
  type PolicyTransaction,
} from '#shared/contracts/policies.contract.ts'
import {
  listPolicyDocumentsCall,
  type PolicyDocument,
} from '#shared/contracts/policies-documents.contract.ts'
import { listRenewalsCall } from '#shared/contracts/renewals.contract.ts'
import { CARRIERS } from '#web/features/applications/applications.test-support.ts'
import { listItem as clientListItem } from '#web/features/clients/clients.test-support.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'

/** A file's first visit loads the shell's and the page's chunks: on a loaded machine that passed 6 s. */
export const FIRST_VISIT = { timeout: 12_000 }

const uuid = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`

export const POLICY_ID = uuid(1)
export const CLIENT_ID = clientListItem().id
export const CARRIER = CARRIERS[0]!
export const PRODUCER = {
  id: SAMPLE_USER.id,
  name: 'Dana Reyes',
  email: SAMPLE_USER.email,
  role: SAMPLE_USER.role,
  disabled: false,
}

export function samplePolicyItem(overrides: Partial<PolicyListItem> = {}): PolicyListItem {
  return {
    id: POLICY_ID,
    policyNumber: 'AUTO-1001',
    clientId: CLIENT_ID,
    insuredName: 'Maria Gonzalez',
    carrierId: CARRIER.id,
    carrierName: CARRIER.name,
    lineOfBusiness: 'auto',
    status: 'active',
    annualPremium: 1234.56,
    effectiveDate: '2026-01-01',
    expirationDate: '2027-01-01',
    producerUserId: PRODUCER.id,
    producerName: PRODUCER.name,
    ...overrides,
  }
}

export function sampleTransaction(overrides: Partial<PolicyTransaction> = {}): PolicyTransaction {
  return {
    id: uuid(300),
    kind: 'new_business',
    effectiveDate: '2026-01-01',
    premiumChange: 1234.56,
    description: null,
    details: null,
    createdByName: 'Dana Reyes',
    createdAt: '2026-01-01T15:00:00.000Z',
    ...overrides,
  }
}

export function samplePolicy(overrides: Partial<Policy> = {}): Policy {
  const item = samplePolicyItem(overrides)
  return {
    ...item,
    source: 'entered',
    applicationId: null,
    quoteId: null,
    cancellationDate: null,
    canReinstate: false,
    terms: [
      {
        id: uuid(200),
        termNumber: 1,
        effectiveDate: item.effectiveDate,
        expirationDate: item.expirationDate,
        writtenPremium: item.annualPremium,
        transactions: [sampleTransaction()],
      },
    ],
    createdAt: '2026-01-01T15:00:00.000Z',
    ...overrides,
  }
}

export function samplePolicyDocument(overrides: Partial<PolicyDocument> = {}): PolicyDocument {
  return {
    id: uuid(400),
    documentId: uuid(401),
    documentType: 'declarations',
    fileName: 'declarations.pdf',
    fileSize: 48_000,
    contentType: 'application/pdf',
    uploadedByName: 'Dana Reyes',
    uploadedAt: '2026-01-02T15:00:00.000Z',
    ...overrides,
  }
}

/** One event of the policy's history as the audit log answers it. */
export function sampleHistoryRecord(overrides: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id: uuid(500),
    action: 'created',
    dataAccessed: 'Policy',
    actionDescription: 'Entered a policy',
    createdAt: '2026-01-01T15:00:00.000Z',
    applicationId: null,
    ipAddress: '203.0.113.7',
    userAgent: 'Firefox',
    fileName: null,
    event: 'policy.created',
    actorUserId: PRODUCER.id,
    actorName: 'Dana Reyes',
    entityType: 'policy',
    entityId: POLICY_ID,
    sequence: 12,
    redacted: false,
    ...overrides,
  }
}

/** The signed-in shell, the pickers' lists and one policy; `handlers` override or add calls. */
export function mockPoliciesApi(...handlers: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(listPoliciesCall, { body: { policies: [samplePolicyItem()], nextCursor: null } }),
    stub(getPolicyCall, { body: samplePolicy() }),
    stub(listPolicyDocumentsCall, { body: { documents: [], nextCursor: null } }),
    stub(policyHistoryCall, { body: { data: [sampleHistoryRecord()], nextCursor: null } }),
    stub(listCarriersCall, { body: { data: CARRIERS } }),
    stub(listAgencyUsersCall, { body: { users: [PRODUCER] } }),
    stub(listClientsCall, { body: { data: [clientListItem()], nextCursor: null } }),
    stub(listRenewalsCall, { body: { renewals: [], nextCursor: null } }),
    // The commissions feature's section of the page: no rate applies to the sample policy.
    stub(getPolicyCommissionCall, ({ params }) => ({
      body: {
        policyId: params.policyId!,
        canEdit: true,
        transactions: [],
        totalExpected: 0,
        override: { current: null, history: [] },
        split: { current: null, history: [] },
      },
    })),
    ...handlers,
  )
}

/** The URLs of the list calls made, in order. */
export function listUrls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/policies?'))
}
