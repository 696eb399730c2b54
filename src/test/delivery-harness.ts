import { millisecondsInDay } from 'date-fns/constants'
import { activatePlan } from '#server/features/agencies/agencies.service.ts'
import { parseAllowList } from '#server/features/carrier-delivery/ssrf.service.ts'
import { createJobHandlers } from '#server/features/index.ts'
import { createJobRunner, type JobRunner } from '#server/platform/jobs.ts'
import { buildTestApp, TEST_CIPHER, type TestApp } from './build-test-app.ts'
import { type SignedInUser, signUp } from './factories.ts'
import { type FakeCarrier, startFakeCarrier } from './fake-carrier.ts'
import { sampleClientData } from './sample-client-data.ts'

const silent = { info() {}, error() {} }
export const ALLOW_LIST = '127.0.0.1'

type WorkerOptions = { staleAfterMs?: number; apiTimeoutMs?: number }
type HarnessOptions = { smtpUrl?: string; submitWaitMs?: number }

export interface DeliveryHarness {
  test: TestApp
  /** A worker like the app's, with no backoff so retries run at once. */
  startWorker(options?: WorkerOptions): JobRunner
  /** Closes this (a fake carrier) with the harness. */
  track(closable: { close(): Promise<void> }): void
  close(): Promise<void>
}

/**
 * The real app with carrier delivery wired as in production: submits wake the worker, which
 * delivers to loopback carriers (allow-listed) and mails through `smtpUrl` when given.
 */
export async function startDeliveryHarness(options: HarnessOptions = {}) {
  const runners: JobRunner[] = []
  const tracked: { close(): Promise<void> }[] = []
  const test = await buildTestApp({
    env: {
      CARRIER_ENDPOINT_ALLOWLIST: ALLOW_LIST,
      PUBLIC_URL: 'http://app.test',
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    },
    deps: {
      jobs: { wake: () => runners.at(-1)?.wake() },
      submitWaitMs: options.submitWaitMs ?? 3_000,
    },
  })
  const harness: DeliveryHarness = {
    test,
    startWorker({ staleAfterMs, apiTimeoutMs } = {}) {
      const runner = createJobRunner({
        db: test.db,
        handlers: createJobHandlers(test.db, {
          cipher: TEST_CIPHER,
          storage: test.storage,
          log: silent,
          smtpUrl: options.smtpUrl,
          mailFrom: 'Agency <no-reply@agency.test>',
          allowList: parseAllowList(ALLOW_LIST),
          apiTimeoutMs: apiTimeoutMs ?? 2_000,
        }),
        log: silent,
        pollMs: 20,
        backoffMs: () => 0,
        ...(staleAfterMs ? { staleAfterMs } : {}),
      })
      runners.push(runner)
      runner.start()
      return runner
    },
    track(closable) {
      tracked.push(closable)
    },
    async close() {
      await Promise.all(runners.map((runner) => runner.stop()))
      await test.close()
      await Promise.all(tracked.map((closable) => closable.close()))
    },
  }
  return harness
}

export async function addCarrier(
  test: TestApp,
  user: SignedInUser,
  method: 'api' | 'email' | 'pdf' | 'manual',
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  const code = `${method.toUpperCase()}${Math.floor(Math.random() * 1e6)}`.slice(0, 12)
  const response = await test.request({
    method: 'POST',
    url: '/api/carriers',
    cookie: user.cookie,
    payload: {
      name: `${method} Mutual ${code}`,
      code,
      state: 'TX',
      states: ['TX', 'CA'],
      supportedTypes: ['auto', 'life'],
      submissionMethod: method,
      contactEmail: `submissions-${code.toLowerCase()}@carrier.test`,
      ...overrides,
    },
  })
  if (response.statusCode !== 201) throw new Error(`carrier: ${response.statusCode} ${response.body}`)
  return response.json()
}

export async function connectCarrier(
  test: TestApp,
  user: SignedInUser,
  carrierId: string,
  endpoint: string,
): Promise<string> {
  const response = await test.request({
    method: 'PUT',
    url: `/api/carriers/${carrierId}/connection`,
    cookie: user.cookie,
    payload: { apiEndpoint: endpoint, rotateSecret: true },
  })
  if (response.statusCode !== 200) throw new Error(`connection: ${response.statusCode} ${response.body}`)
  return response.json().secret
}

/** An application for a new client, sent first to `carrierId` (specific carrier). */
export async function createApplication(
  test: TestApp,
  user: SignedInUser,
  carrierId: string,
): Promise<{ id: string }> {
  const response = await test.request({
    method: 'POST',
    url: '/api/applications',
    cookie: user.cookie,
    payload: {
      clientData: sampleClientData(),
      insuranceType: 'auto',
      bulkSubmissionType: 'specific_carriers',
      carrierId,
      applicationData: { autoData: { vehicleYear: 2021, vehicleMake: 'Subaru', vehicleModel: 'Outback' } },
    },
  })
  if (response.statusCode !== 201) throw new Error(`application: ${response.statusCode} ${response.body}`)
  return response.json()
}

export async function submitTo(
  test: TestApp,
  user: SignedInUser,
  applicationId: string,
  carrierIds: string[],
  idempotencyKey?: string,
) {
  return test.request({
    method: 'POST',
    url: '/api/bulk-submission/submit',
    cookie: user.cookie,
    payload: { applicationId, submissionType: 'specific_carriers', carrierIds, idempotencyKey },
  })
}

export async function submissionsOf(test: TestApp, user: SignedInUser, applicationId: string) {
  const response = await test.request({
    method: 'GET',
    url: `/api/applications/${applicationId}/submissions`,
    cookie: user.cookie,
  })
  if (response.statusCode !== 200) throw new Error(`submissions: ${response.statusCode} ${response.body}`)
  return response.json().submissions as {
    id: string
    carrierId: string
    status: string
    message: string | null
    attempts: number
    confirmationNumber: string | null
    documentId: string | null
    history: { fromStatus: string | null; toStatus: string; source: string }[]
  }[]
}

/** Polls until `check` holds (deliveries run in the worker, beside the test). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (check(value)) return value
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * Waits for an application's one submission to be sent, then tells its confirmation number and
 * what the carrier saw: requests, distinct idempotency keys, applications accepted.
 */
export async function sentTo(
  fake: FakeCarrier,
  { test, user, applicationId }: { test: TestApp; user: SignedInUser; applicationId: string },
  timeoutMs?: number,
) {
  const [submission] = await eventually(
    () => submissionsOf(test, user, applicationId),
    (list) => list[0]?.status === 'sent',
    timeoutMs,
  )
  return {
    confirmationNumber: submission!.confirmationNumber,
    requests: fake.requests.length,
    keys: new Set(fake.requests.map((request) => request.key)).size,
    accepted: fake.accepted.length,
  }
}

/** What most delivery test files start with: a harness, its worker, and an agency on Professional. */
export async function startHarnessWithAgent(options: HarnessOptions & { worker?: WorkerOptions } = {}) {
  const harness = await startDeliveryHarness(options)
  harness.startWorker(options.worker)
  return { harness, user: await signUpProfessional(harness.test) }
}

/** A new agency on Professional, so a test can send more applications than Free allows. */
export async function signUpProfessional(test: TestApp): Promise<SignedInUser> {
  const user = await signUp(test)
  await activatePlan(test.db, user.user.agencyId, {
    planCode: 'professional',
    billingPeriod: 'monthly',
    endsAt: new Date(Date.now() + 30 * millisecondsInDay),
  })
  return user
}

/** An API carrier of the agency, connected to a new fake carrier server that knows the secret. */
export async function connectedApiCarrier(test: TestApp, user: SignedInUser) {
  const carrier = await addCarrier(test, user, 'api')
  const options = { secret: '' }
  const fake: FakeCarrier = await startFakeCarrier(options)
  options.secret = await connectCarrier(test, user, carrier.id, fake.url)
  return { carrier, fake, secret: options.secret }
}

/** connectedApiCarrier, its fake carrier closed with the harness. */
export async function trackedApiCarrier(harness: DeliveryHarness, user: SignedInUser) {
  const connected = await connectedApiCarrier(harness.test, user)
  harness.track(connected.fake)
  return connected
}

/** A new application sent to one carrier, and the id of that submission. */
export async function sendOne(test: TestApp, user: SignedInUser, carrierId: string) {
  const application = await createApplication(test, user, carrierId)
  const [submission] = await submissionsOf(test, user, application.id)
  return { application, submissionId: submission!.id }
}

/** Waits for an application's one submission to fail (retries included) and answers it. */
export async function failedSubmission(test: TestApp, user: SignedInUser, applicationId: string) {
  const [submission] = await eventually(
    () => submissionsOf(test, user, applicationId),
    (list) => list[0]!.status === 'failed',
    15_000,
  )
  return submission!
}
