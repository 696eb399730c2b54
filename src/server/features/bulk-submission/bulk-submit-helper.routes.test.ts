import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BULK_HELPER_TEXTS,
  BULK_TEXTS,
  type BulkSubmitResult,
} from '#shared/contracts/bulk-submission.contract.ts'
import {
  addCarrier,
  createApplication,
  type DeliveryHarness,
  signUpProfessional,
  startHarnessWithAgent,
  submissionsOf,
} from '#test/delivery-harness.ts'
import type { SignedInUser } from '#test/factories.ts'
import { carrierSubmissions } from '../carrier-delivery/carrier-delivery.table.ts'

let harness: DeliveryHarness
let user: SignedInUser

beforeAll(async () => {
  const started = await startHarnessWithAgent({ submitWaitMs: 2_000 })
  harness = started.harness
  user = started.user
})
afterAll(() => harness.close())

function bulk(payload: Record<string, unknown>, who = user) {
  return harness.test.request({ method: 'POST', url: '/api/bulk-submission', cookie: who.cookie, payload })
}

const pairs = (results: BulkSubmitResult[]) => results.map((r) => [r.applicationId, r.carrierId, r.status])

async function twoApplications() {
  const first = await addCarrier(harness.test, user, 'pdf')
  const one = await createApplication(harness.test, user, first.id)
  const two = await createApplication(harness.test, user, first.id)
  return { first, one, two }
}

describe('POST /api/bulk-submission', () => {
  it('sends each application to its own carriers and answers one result per application and carrier', async () => {
    const { one, two } = await twoApplications()
    const manual = await addCarrier(harness.test, user, 'manual')
    const pdf = await addCarrier(harness.test, user, 'pdf')
    const response = await bulk({
      submissions: [
        { applicationId: one.id, carrierIds: [manual.id, pdf.id] },
        { applicationId: two.id, carrierIds: [pdf.id] },
      ],
    })
    expect(response.statusCode, response.body).toBe(200)
    const results = response.json() as BulkSubmitResult[]
    expect(pairs(results)).toEqual([
      [one.id, manual.id, 'success'],
      [one.id, pdf.id, 'success'],
      [two.id, pdf.id, 'success'],
    ])
    expect(results[0]).toMatchObject({ carrierName: manual.name, deliveryStatus: 'action_required' })
    expect(await submissionsOf(harness.test, user, one.id)).toHaveLength(3)
    expect(await submissionsOf(harness.test, user, two.id)).toHaveLength(2)
  })

  it('takes applicationIds with carrierIds too, each application to every carrier given', async () => {
    const { one, two } = await twoApplications()
    const manual = await addCarrier(harness.test, user, 'manual')
    const response = await bulk({ applicationIds: [one.id, two.id], carrierIds: [manual.id] })
    expect(response.statusCode, response.body).toBe(200)
    expect(pairs(response.json())).toEqual([
      [one.id, manual.id, 'success'],
      [two.id, manual.id, 'success'],
    ])
  })

  it('reports what it could not send (an unknown application, an unavailable carrier) and sends the rest', async () => {
    const { one } = await twoApplications()
    const manual = await addCarrier(harness.test, user, 'manual')
    const lifeOnly = await addCarrier(harness.test, user, 'pdf', { supportedTypes: ['life'] })
    const other = await signUpProfessional(harness.test)
    const theirCarrier = await addCarrier(harness.test, other, 'pdf')
    const theirApplication = await createApplication(harness.test, other, theirCarrier.id)
    const response = await bulk({
      submissions: [
        { applicationId: one.id, carrierIds: [manual.id, lifeOnly.id] },
        { applicationId: theirApplication.id, carrierIds: [manual.id] },
      ],
    })
    expect(response.statusCode, response.body).toBe(200)
    const results = response.json() as BulkSubmitResult[]
    expect(pairs(results)).toEqual([
      [one.id, manual.id, 'success'],
      [one.id, lifeOnly.id, 'failed'],
      [theirApplication.id, manual.id, 'failed'],
    ])
    expect(results[1]).toMatchObject({
      submissionId: null,
      message: `${BULK_HELPER_TEXTS.notSent}: ${BULK_TEXTS.carrierNotAvailable}`,
    })
    expect(results[2]).toMatchObject({
      submissionId: null,
      message: `${BULK_HELPER_TEXTS.notSent}: Not found`,
    })
    // Another agency's application got nothing from this agency.
    expect(await submissionsOf(harness.test, other, theirApplication.id)).toHaveLength(1)
  })

  it('answers the same submissions for the same idempotency key, writing nothing new', async () => {
    const { one, two } = await twoApplications()
    const manual = await addCarrier(harness.test, user, 'manual')
    const body = {
      applicationIds: [one.id, two.id],
      carrierIds: [manual.id],
      idempotencyKey: `bulk-${one.id}`,
    }
    const [first, second] = await Promise.all([bulk(body), bulk(body)])
    const again = await bulk(body)
    const ids = (response: typeof first) => response.json().map((r: BulkSubmitResult) => r.submissionId)
    expect(ids(second)).toEqual(ids(first))
    expect(ids(again)).toEqual(ids(first))
    const rows = await harness.test.db
      .select()
      .from(carrierSubmissions)
      .where(inArray(carrierSubmissions.recordId, [one.id, two.id]))
    expect(rows.filter((row) => row.carrierId === manual.id)).toHaveLength(2)
  })

  it('refuses a body of neither shape, and more than 1,000 pairs, with a clear message', async () => {
    const shapeless = await bulk({ carrierIds: ['00000000-0000-4000-8000-000000000000'] })
    expect(shapeless.statusCode).toBe(400)
    expect(shapeless.json().errors).toContainEqual({ path: 'submissions', message: BULK_HELPER_TEXTS.shape })
    const carrierIds = Array.from(
      { length: 500 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    )
    const applicationIds = carrierIds.slice(0, 3)
    const tooMany = await bulk({ applicationIds, carrierIds })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors).toContainEqual({ path: 'submissions', message: BULK_HELPER_TEXTS.tooMany })
  })
})

describe('riskFactors.smokingStatus', () => {
  const recommend = (smokingStatus: unknown) =>
    harness.test.request({
      method: 'POST',
      url: '/api/bulk-submission/recommendations',
      cookie: user.cookie,
      payload: {
        clientProfile: { age: 50, state: 'TX', riskFactors: { smokingStatus } },
        coverageRequirements: { insuranceType: 'life', coverageAmount: 500000 },
        filters: {},
      },
    })

  it('takes a boolean (true a smoker, false not) as the named values, and refuses anything else', async () => {
    const scores = async (status: unknown) => {
      const response = await recommend(status)
      expect(response.statusCode, `${JSON.stringify(status)}: ${response.body}`).toBe(200)
      return response.json().map((r: { estimatedQuote: number }) => r.estimatedQuote)
    }
    expect(await scores(true)).toEqual(await scores('smoker'))
    expect(await scores(false)).toEqual(await scores('non_smoker'))
    expect(await scores('Former smoker')).toEqual(await scores('former_smoker'))
    expect(await scores(true)).not.toEqual(await scores(false))
    const refused = await recommend('sometimes')
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('Choose non_smoker, former_smoker or smoker')
  })
})
