import {
  type Appointment,
  type AppointmentCarrier,
  type CarrierResult,
  listAppointmentsCall,
} from '#shared/contracts/appointments.contract.ts'
import {
  type DirectDeposit,
  getDirectDepositCall,
} from '#shared/contracts/appointments-direct-deposit.contract.ts'
import {
  getProducerProfileCall,
  type ProducerProfile,
} from '#shared/contracts/appointments-producer-profile.contract.ts'
import { listCarriersCall } from '#shared/contracts/carriers.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { listDocumentsCall } from '#shared/contracts/documents.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { DOCUMENT_TYPES } from '#shared/domain/document-types.ts'
import { CARRIERS } from '#web/features/applications/applications.test-support.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
export const APPOINTMENT_ID = uuid(300)
/** Cheap Mutual and Pricey Casualty are active; Dormant Life is not. */
export const ACTIVE_CARRIER = CARRIERS[0]!
export const SECOND_CARRIER = CARRIERS[1]!
export const INACTIVE_CARRIER = CARRIERS[3]!

export function sampleCarrierRow(overrides: Partial<AppointmentCarrier> = {}): AppointmentCarrier {
  return {
    carrierId: ACTIVE_CARRIER.id,
    carrierName: ACTIVE_CARRIER.name,
    submissionId: uuid(400),
    status: 'submitted',
    submissionStatus: 'sent',
    message: 'Received by the carrier',
    confirmationNumber: 'CM-77',
    documentId: null,
    updatedAt: '2026-03-02T15:00:00.000Z',
    ...overrides,
  }
}

export function sampleAppointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: APPOINTMENT_ID,
    status: 'submitted',
    createdAt: '2026-03-02T14:00:00.000Z',
    agentName: 'Dana Reyes',
    fullName: 'Dana Reyes',
    npn: '12345678',
    email: 'dana@example.com',
    phone: '555-010-2000',
    stateLicenses: ['CA', 'TX'],
    linesOfAuthority: ['Life & Health'],
    eoInsuranceCarrier: 'Shield E&O',
    eoInsuranceAmount: 1000000,
    eoExpirationDate: '2027-01-31',
    felonyConviction: false,
    disciplinaryAction: false,
    backgroundDetails: '',
    agencyAffiliation: 'Reyes Insurance',
    agencyCode: 'RI-1',
    eSignature: 'Dana Reyes',
    termsVersion: '1.0',
    ipAddress: 'unknown',
    requestIpAddress: '127.0.0.1',
    geoLocation: '',
    carriers: [],
    ...overrides,
  }
}

export const EMPTY_PROFILE: ProducerProfile = {
  prefill: null,
  documents: DOCUMENT_TYPES.map((documentType) => ({
    documentType,
    document: null,
    expiresOn: null,
    expired: false,
  })),
}

export const SAVED_DEPOSIT: DirectDeposit = {
  bankName: 'Chase Bank',
  accountType: 'checking',
  routingNumberMasked: '*****0021',
  accountNumberMasked: '****6789',
  accountHolderName: 'Dana Reyes',
  updatedAt: '2026-03-01T10:00:00.000Z',
}

export function sampleResult(overrides: Partial<CarrierResult['result']> = {}, carrier = ACTIVE_CARRIER) {
  return {
    carrierId: carrier.id,
    carrierName: carrier.name,
    result: { status: 'success', message: 'Delivered', confirmationNumber: 'FC-1', errors: [], ...overrides },
  } satisfies CarrierResult
}

/** The signed-in shell plus every call the appointments page makes; `extra` overrides or adds. */
export function mockAppointmentsApi(...extra: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(listAppointmentsCall, { body: { data: [] } }),
    stub(getProducerProfileCall, { body: EMPTY_PROFILE }),
    stub(getDirectDepositCall, { body: { directDeposit: null } }),
    stub(listDocumentsCall, { body: [] }),
    stub(listCarriersCall, { body: { data: CARRIERS } }),
    ...extra,
  )
}

/** The calls made to one 'METHOD /path', with their JSON bodies and query. */
export function requestsTo(fetchMock: ReturnType<typeof mockApi>, method: string, pathname: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === pathname)
    .map(({ url, init }) => ({
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }))
}
