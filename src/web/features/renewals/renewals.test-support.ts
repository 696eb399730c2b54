import { listAgencyUsersCall } from '#shared/contracts/agency-users.contract.ts'
import { listCarriersCall } from '#shared/contracts/carriers.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import {
  getRenewalCall,
  listRenewalsCall,
  type Renewal,
  type RenewalDetails,
} from '#shared/contracts/renewals.contract.ts'
import { compareRenewalQuotesCall } from '#shared/contracts/renewals-outcomes.contract.ts'
import { DEFAULT_RENEWAL_SETTINGS, milestoneDates } from '#shared/domain/renewal-pipeline.ts'
import { CARRIERS } from '#web/features/applications/applications.test-support.ts'
import { sampleQuote } from '#web/features/quotes/quotes.test-support.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'
import type { RenewalQuotes } from './renewal-options.ts'

/** A file's first visit loads the shell's and the page's chunks: on a loaded machine that passed 6 s. */
export const FIRST_VISIT = { timeout: 12_000 }

const uuid = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`

export const RENEWAL_ID = uuid(1)
export const POLICY_ID = uuid(2)
export const CLIENT_ID = uuid(3)
export const APPLICATION_ID = uuid(4)
/** The expiring carrier (an active one in the carriers list) and another one for the quotes. */
export const CARRIER = CARRIERS[0]!
export const OTHER_CARRIER = CARRIERS[1]!
export const ME = { id: SAMPLE_USER.id, name: 'Dana Reyes', email: SAMPLE_USER.email, role: SAMPLE_USER.role }
export const COLLEAGUE = {
  id: uuid(5),
  name: 'Alex Colleague',
  email: 'alex@example.com',
  role: 'agent' as const,
}
export const USERS = [
  { ...ME, disabled: false },
  { ...COLLEAGUE, disabled: false },
]

export function sampleRenewal(overrides: Partial<Renewal> = {}): Renewal {
  return {
    id: RENEWAL_ID,
    policyId: POLICY_ID,
    policyNumber: 'AUTO-1001',
    insuredName: 'Maria Gonzalez',
    clientId: CLIENT_ID,
    carrierId: CARRIER.id,
    carrierName: CARRIER.name,
    lineOfBusiness: 'auto',
    stage: 'upcoming',
    assigneeId: ME.id,
    assigneeName: ME.name,
    expirationDate: '2027-03-01',
    nextMilestone: 'review',
    dueDate: '2026-12-01',
    overdue: false,
    expiringPremium: 2000,
    offer: null,
    changeAmount: null,
    changePercent: null,
    atRisk: false,
    lostReason: null,
    remarketApplicationId: null,
    renewedPolicyId: null,
    createdAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  }
}

/** An offer at +15% on the $2,000 expiring premium: past the default threshold. */
export function offeredRenewal(overrides: Partial<Renewal> = {}): Renewal {
  return sampleRenewal({
    offer: {
      premium: 2300,
      termMonths: 12,
      effectiveDate: '2027-03-01',
      changes: null,
      receivedAt: '2026-11-10T12:00:00.000Z',
    },
    changeAmount: 300,
    changePercent: 15,
    atRisk: true,
    ...overrides,
  })
}

export function sampleRenewalDetails(overrides: Partial<RenewalDetails> = {}): RenewalDetails {
  const renewal = sampleRenewal(overrides)
  return {
    ...renewal,
    milestones: milestoneDates(renewal.expirationDate, DEFAULT_RENEWAL_SETTINGS.milestoneDays),
    history: [
      {
        id: uuid(60),
        kind: 'entered',
        fromStage: null,
        toStage: 'upcoming',
        details: null,
        byName: null,
        createdAt: '2026-11-01T12:00:00.000Z',
      },
    ],
    ...overrides,
  }
}

/** The renewal offer (at +15%) beside a cheaper quote from another, non-API carrier and a decline. */
export function sampleRenewalQuotes(overrides: Partial<RenewalQuotes> = {}): RenewalQuotes {
  const quote = (n: number, fields: Parameters<typeof sampleQuote>[0]) => ({
    ...sampleQuote({ id: uuid(n), applicationId: APPLICATION_ID, ...fields }),
    changePercent: null as number | null,
  })
  return {
    expiringPremium: 2000,
    offer: {
      premium: 2300,
      termMonths: 12,
      effectiveDate: '2027-03-01',
      changes: null,
      receivedAt: '2026-11-10T12:00:00.000Z',
      annualPremium: 2300,
      changePercent: 15,
    },
    applicationId: APPLICATION_ID,
    quotes: [
      {
        ...quote(70, {
          carrierId: OTHER_CARRIER.id,
          carrierName: OTHER_CARRIER.name,
          submissionMethod: 'email',
          premium: 950,
          termMonths: 6,
          annualPremium: 1900,
          effectiveDate: '2027-03-01',
        }),
        changePercent: -5,
      },
      quote(71, {
        carrierId: CARRIERS[2]!.id,
        carrierName: CARRIERS[2]!.name,
        status: 'declined',
        premium: null,
        termMonths: null,
        annualPremium: null,
        effectiveDate: null,
        declineReason: 'Outside appetite',
      }),
    ],
    coverageLabels: [],
    ...overrides,
  }
}

/** The signed-in shell, the pickers' lists and one renewal; `handlers` override or add calls. */
export function mockRenewalsApi(...handlers: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(listRenewalsCall, { body: { renewals: [sampleRenewal()], nextCursor: null } }),
    stub(getRenewalCall, { body: sampleRenewalDetails() }),
    stub(compareRenewalQuotesCall, {
      body: { expiringPremium: 2000, offer: null, applicationId: null, quotes: [], coverageLabels: [] },
    }),
    stub(listCarriersCall, { body: { data: CARRIERS } }),
    stub(listAgencyUsersCall, { body: { users: USERS } }),
    ...handlers,
  )
}

/** The URLs of the list calls made, in order. */
export function listUrls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/renewals?'))
}
