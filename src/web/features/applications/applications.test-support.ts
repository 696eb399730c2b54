import {
  type Application,
  type ApplicationListItem,
  applicationSummaryCall,
  listApplicationsCall,
} from '#shared/contracts/applications.contract.ts'
import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import { type Carrier, listCarriersCall } from '#shared/contracts/carriers.contract.ts'
import { listClientsCall } from '#shared/contracts/clients.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { bookFiguresCall, dashboardStatsCall, topCarriersCall } from '#shared/contracts/dashboard.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { compareQuotesCall } from '#shared/contracts/quotes.contract.ts'
import { quoteVarianceCall } from '#shared/contracts/quotes-variance.contract.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'

let sequence = 0
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

export function sampleCarrier(overrides: Partial<Carrier> = {}): Carrier {
  sequence += 1
  return {
    id: uuid(100 + sequence),
    name: `Carrier ${sequence}`,
    code: `C${sequence}`,
    supportedTypes: ['auto'],
    isActive: true,
    isCatalogue: true,
    avgPremiumCost: 150,
    coverageRating: 4,
    consumerConfidenceScore: 4.2,
    consumerConfidence: null,
    financialStrength: 'A',
    submissionMethod: 'api',
    states: ['CA'],
    licensedStates: ['CA'],
    notes: null,
    contactEmail: null,
    status: 'online',
    applicationCount: 0,
    ...overrides,
  }
}

/**
 * Auto carriers for the default filters (max $200, coverage 3, confidence 3.5): only Cheap matches;
 * Pricey passes once the price limit is lifted; Unrated is dropped for its coverage; Dormant is off.
 */
export const CARRIERS: Carrier[] = [
  sampleCarrier({ id: uuid(1), name: 'Cheap Mutual', code: 'CHEAP', supportedTypes: ['auto', 'property'] }),
  sampleCarrier({
    id: uuid(2),
    name: 'Pricey Casualty',
    code: 'PRICEY',
    avgPremiumCost: 300,
    coverageRating: 5,
  }),
  sampleCarrier({
    id: uuid(3),
    name: 'Unrated Assurance',
    code: 'UNRATED',
    avgPremiumCost: null,
    coverageRating: 2,
  }),
  sampleCarrier({ id: uuid(4), name: 'Dormant Life', code: 'DORMANT', isActive: false }),
  sampleCarrier({ id: uuid(5), name: 'Life Only', code: 'LIFE', supportedTypes: ['life'] }),
]

export const CLIENT_ID = uuid(900)

export function sampleListItem(overrides: Partial<ApplicationListItem> = {}): ApplicationListItem {
  return {
    id: uuid(500),
    status: 'pending',
    insuranceType: 'auto',
    createdAt: '2025-01-05T12:00:00.000Z',
    client: {
      id: CLIENT_ID,
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'ana@example.com',
      state: null,
      zipCode: null,
      age: null,
    },
    carrier: { id: uuid(1), name: 'Cheap Mutual' },
    carrierCount: 1,
    ...overrides,
  }
}

export function sampleSubmission(overrides: Partial<CarrierSubmission> = {}): CarrierSubmission {
  return {
    id: uuid(700),
    carrierId: uuid(1),
    carrierName: 'Cheap Mutual',
    status: 'sent',
    method: 'api',
    message: 'Received by the carrier',
    confirmationNumber: 'CM-1',
    attempts: 1,
    documentId: null,
    updatedAt: '2025-01-05T12:00:00.000Z',
    history: [],
    ...overrides,
  }
}

export function sampleApplication(overrides: Partial<Application> = {}): Application {
  return {
    ...sampleListItem(),
    updatedAt: '2025-01-06T12:00:00.000Z',
    submissionType: 'specific_carriers',
    carrierFilters: null,
    secondaryCarrier: null,
    applicationData: { autoData: { vehicleYear: 2020, vehicleMake: 'Toyota', deductible: 500 } },
    notes: null,
    submissions: [
      sampleSubmission({
        history: [
          {
            fromStatus: null,
            toStatus: 'queued',
            source: 'delivery',
            message: null,
            createdAt: '2025-01-05T11:59:00.000Z',
          },
          {
            fromStatus: 'queued',
            toStatus: 'sent',
            source: 'delivery',
            message: 'Accepted by the carrier API',
            createdAt: '2025-01-05T12:00:00.000Z',
          },
        ],
      }),
    ],
    history: [
      {
        fromStatus: null,
        toStatus: 'pending',
        changedBy: 'Dana Reyes',
        note: null,
        createdAt: '2025-01-05T12:00:00.000Z',
      },
    ],
    ...overrides,
  }
}

export const EMPTY_SUMMARY = { total: 0, draft: 0, pending: 0, review: 0, approved: 0, rejected: 0, bound: 0 }

/** The calls every signed-in screen of this feature makes, plus the test's own. */
export function mockApplicationsApi(...extra: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(listApplicationsCall, { body: { data: [], nextCursor: null } }),
    stub(applicationSummaryCall, { body: EMPTY_SUMMARY }),
    stub(listCarriersCall, { body: { data: CARRIERS } }),
    stub(listClientsCall, { body: { data: [], nextCursor: null } }),
    stub(dashboardStatsCall, {
      body: {
        total: 0,
        pending: 0,
        approved: 0,
        clients: 0,
        changes: { total: null, pending: null, approvalRate: null, clients: null },
      },
    }),
    stub(topCarriersCall, { body: { data: [] } }),
    stub(bookFiguresCall, {
      body: { premiumInForce: 0, activePolicies: 0, expiring: { within30: 0, within60: 0, within90: 0 } },
    }),
    // The details page composes the quotes section: no quotes unless a test gives some.
    stub(compareQuotesCall, { body: { quotes: [], coverageLabels: [], carriers: [] } }),
    // The carriers page and the recommendations compose the quotes' figures: none unless given.
    stub(quoteVarianceCall, { body: { minimumSample: 3, carriers: [] } }),
    ...extra,
  )
}
