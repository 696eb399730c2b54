import { vi } from 'vitest'
import type {
  Appointment,
  AppointmentCarrier,
  CarrierResult,
} from '#shared/contracts/appointments.contract.ts'
import type { DirectDeposit } from '#shared/contracts/direct-deposit.contract.ts'
import type { UploadedDocument } from '#shared/contracts/documents.contract.ts'
import type { ProducerProfile } from '#shared/contracts/producer-profile.contract.ts'
import { DOCUMENT_TYPES } from '#shared/domain/document-types.ts'
import { CARRIERS } from '#web/features/applications/applications-test-data.ts'
import { type MockAnswer, mockApi, SAMPLE_USER } from '#web/testing/mock-api.ts'

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

export function sampleDocument(overrides: Partial<UploadedDocument> = {}): UploadedDocument {
  return {
    id: uuid(600),
    fileName: 'w9-signed.pdf',
    fileSize: 245_760,
    mimeType: 'application/pdf',
    uploadedAt: '2026-03-01T10:00:00.000Z',
    documentType: 'w9',
    applicationId: null,
    ...overrides,
  }
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

type Handlers = Parameters<typeof mockApi>[0]

/** The signed-in shell plus every call the appointments page makes; `extra` overrides or adds. */
export function mockAppointmentsApi(extra: Handlers = {}) {
  return mockApi({
    'GET /api/auth/user': { body: SAMPLE_USER },
    'GET /api/notifications/unread-count': { body: { unreadCount: 0 } },
    'GET /api/appointments': { body: { data: [] } },
    'GET /api/appointments/profile': { body: EMPTY_PROFILE },
    'GET /api/appointments/direct-deposit': { body: { directDeposit: null } },
    'GET /api/documents': { body: [] },
    'GET /api/carriers': { body: { data: CARRIERS } },
    ...extra,
  })
}

/** Lets a test hold one call's answer until it says so (the submission in flight). */
export function holdCall(fetchMock: ReturnType<typeof mockApi>, method: string, pathname: string) {
  let release: (answer: MockAnswer) => void = () => {}
  const held = new Promise<MockAnswer>((resolve) => {
    release = resolve
  })
  const original = fetchMock.getMockImplementation()!
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    if ((init?.method ?? 'GET') !== method || url.pathname !== pathname) return original(input, init)
    const answer = await held
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 })
  })
  return { release }
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

/** A stand-in for XMLHttpRequest: records each upload, and the test answers it. */
export class FakeUpload {
  static sent: FakeUpload[] = []
  method = ''
  url = ''
  status = 0
  statusText = ''
  responseText = ''
  withCredentials = false
  body: FormData | null = null
  headers: Record<string, string> = {}
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
    FakeUpload.sent.push(this)
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent)
  }
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }

  static install() {
    FakeUpload.sent = []
    vi.stubGlobal('XMLHttpRequest', FakeUpload)
  }
}
