import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addCarrier,
  createApplication,
  type DeliveryHarness,
  eventually,
  signUpProfessional,
  startHarnessWithAgent,
  submissionsOf,
  submitTo,
} from '#test/delivery-harness.ts'
import type { SignedInUser } from '#test/factories.ts'
import { carrierSubmissions } from '../carrier-delivery/carrier-delivery.table.ts'
import { agencyCarrierSettings, carriers } from '../carriers/carriers.table.ts'
import { bulkSubmissionRequests } from './bulk-submission.table.ts'

let harness: DeliveryHarness
let user: SignedInUser
beforeAll(async () => {
  const started = await startHarnessWithAgent({ submitWaitMs: 2_000 })
  harness = started.harness
  user = started.user
})
afterAll(() => harness.close())

const profile = (overrides: Record<string, unknown> = {}) => ({
  clientProfile: {
    age: 42,
    creditScore: 720,
    state: 'tx',
    zipCode: '78701',
    insuranceHistory: { yearsInsured: 8, claimsHistory: 1 },
    riskFactors: { smokingStatus: 'non_smoker' },
    ...overrides,
  },
  coverageRequirements: { insuranceType: 'auto', coverageAmount: 500000, urgency: 'medium' },
  filters: {},
})

async function recommend(body: unknown, who = user) {
  return harness.test.request({
    method: 'POST',
    url: '/api/bulk-submission/recommendations',
    cookie: who.cookie,
    payload: body as Record<string, unknown>,
  })
}

describe('POST /api/bulk-submission/recommendations', () => {
  it('scores every active carrier writing the type in the state, best first, with reasons', async () => {
    const own = await addCarrier(harness.test, user, 'pdf', { states: ['TX'], supportedTypes: ['auto'] })
    const response = await recommend(profile())
    expect(response.statusCode, response.body).toBe(200)
    const list = response.json() as {
      carrier: { id: string; licensedStates: string[] }
      matchScore: number
      recommendationLevel: string
      estimatedQuote: number
      processingTime: string
      reasons: string[]
    }[]
    expect(list.length).toBeGreaterThan(1)
    expect(list.every((r) => r.carrier.licensedStates.includes('TX'))).toBe(true)
    expect(list.map((r) => r.matchScore)).toEqual([...list.map((r) => r.matchScore)].sort((a, b) => b - a))
    const mine = list.find((r) => r.carrier.id === own.id)
    expect(mine).toMatchObject({ processingTime: '3-5 business days' })
    expect(mine!.reasons).toContain('Licensed in TX')
    expect(mine!.reasons).toContain('1 prior claim')
    expect(['excellent', 'good', 'fair', 'poor']).toContain(mine!.recommendationLevel)
    // Same input, same answer.
    expect((await recommend(profile())).json()).toEqual(list)
  })

  it('never recommends another agency’s own carrier or a carrier switched off', async () => {
    const other = await signUpProfessional(harness.test)
    const theirs = await addCarrier(harness.test, other, 'api', { states: ['TX'], supportedTypes: ['auto'] })
    const off = await addCarrier(harness.test, user, 'api', { states: ['TX'], supportedTypes: ['auto'] })
    await harness.test.request({
      method: 'PUT',
      url: `/api/carriers/${off.id}/active`,
      cookie: user.cookie,
      payload: { isActive: false },
    })
    const ids = (await recommend(profile())).json().map((r: { carrier: { id: string } }) => r.carrier.id)
    expect(ids).not.toContain(theirs.id)
    expect(ids).not.toContain(off.id)
  })

  it('follows the agency’s own switch over the carrier’s, both ways', async () => {
    const agent = await signUpProfessional(harness.test)
    const idsFor = async () =>
      (await recommend(profile(), agent)).json().map((r: { carrier: { id: string } }) => r.carrier.id)
    const [catalogue] = await harness.test.db
      .select({ id: carriers.id })
      .from(carriers)
      .where(
        and(
          isNull(carriers.agencyId),
          eq(carriers.isActive, true),
          sql`${carriers.supportedTypes} @> array['auto']::text[] and ${carriers.states} @> array['TX']::text[]`,
        ),
      )
      .limit(1)
    const switchCatalogue = (isActive: boolean) =>
      harness.test.request({
        method: 'PUT',
        url: `/api/carriers/${catalogue!.id}/active`,
        cookie: agent.cookie,
        payload: { isActive },
      })
    expect(await idsFor()).toContain(catalogue!.id)
    expect((await switchCatalogue(false)).statusCode).toBe(200)
    expect(await idsFor()).not.toContain(catalogue!.id)
    expect((await switchCatalogue(true)).statusCode).toBe(200)
    expect(await idsFor()).toContain(catalogue!.id)
    // A carrier off for everyone that this agency switched on is recommended to it alone.
    const dormant = await addCarrier(harness.test, agent, 'pdf', { states: ['TX'], supportedTypes: ['auto'] })
    await harness.test.db.update(carriers).set({ isActive: false }).where(eq(carriers.id, dormant.id))
    expect(await idsFor()).not.toContain(dormant.id)
    await harness.test.db
      .insert(agencyCarrierSettings)
      .values({ agencyId: agent.user.agencyId, carrierId: dormant.id, isActive: true })
    expect(await idsFor()).toContain(dormant.id)
  })

  it('refuses an empty profile with the spec’s message', async () => {
    const response = await recommend(profile({ age: 0 }))
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('Please complete the client profile to get recommendations')
  })

  it('refuses two letters that are not a US state code, naming the field', async () => {
    const response = await recommend(profile({ state: 'zz' }))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toContainEqual({
      path: 'clientProfile.state',
      message: 'Choose a state: ZZ is not a US state code',
    })
    expect((await recommend(profile({ state: 'tx' }))).statusCode).toBe(200)
  })
})

describe('POST /api/bulk-submission/submit', () => {
  it('creates one set of submissions for the same idempotency key, however often it is sent', async () => {
    const first = await addCarrier(harness.test, user, 'pdf')
    const a = await addCarrier(harness.test, user, 'manual')
    const b = await addCarrier(harness.test, user, 'pdf')
    const application = await createApplication(harness.test, user, first.id)
    const key = `key-${application.id}`
    const answers = await Promise.all([
      submitTo(harness.test, user, application.id, [a.id, b.id], key),
      submitTo(harness.test, user, application.id, [a.id, b.id], key),
    ])
    const again = await submitTo(harness.test, user, application.id, [a.id, b.id], key)
    for (const answer of [...answers, again]) expect(answer.statusCode, answer.body).toBe(200)
    const ids = answers.map((r) =>
      r
        .json()
        .map((x: { submissionId: string }) => x.submissionId)
        .sort(),
    )
    expect(ids[0]).toEqual(ids[1])
    const rows = await harness.test.db
      .select()
      .from(carrierSubmissions)
      .where(eq(carrierSubmissions.recordId, application.id))
    expect(rows).toHaveLength(3)
    const requests = await harness.test.db
      .select()
      .from(bulkSubmissionRequests)
      .where(eq(bulkSubmissionRequests.applicationId, application.id))
    expect(requests).toHaveLength(1)
  })

  it('takes the key from the Idempotency-Key header too, and refuses it for another application', async () => {
    const first = await addCarrier(harness.test, user, 'pdf')
    const one = await createApplication(harness.test, user, first.id)
    const two = await createApplication(harness.test, user, first.id)
    const extra = await addCarrier(harness.test, user, 'manual')
    const send = (applicationId: string) =>
      harness.test.request({
        method: 'POST',
        url: '/api/bulk-submission/submit',
        cookie: user.cookie,
        headers: { 'idempotency-key': `header-${one.id}` },
        payload: { applicationId, carrierIds: [extra.id] },
      })
    expect((await send(one.id)).statusCode).toBe(200)
    const reused = await send(two.id)
    expect(reused.statusCode).toBe(409)
    expect(reused.json().message).toContain('idempotency key')
  })

  it('lists the application under every carrier it went to, the ones added later too', async () => {
    const first = await addCarrier(harness.test, user, 'pdf')
    const later = await addCarrier(harness.test, user, 'manual')
    const never = await addCarrier(harness.test, user, 'manual')
    const application = await createApplication(harness.test, user, first.id)
    const listed = async (carrierId: string) =>
      (
        await harness.test.request({
          method: 'GET',
          url: `/api/applications?carrierId=${carrierId}`,
          cookie: user.cookie,
        })
      )
        .json()
        .data.map((item: { id: string }) => item.id)
    expect(await listed(later.id)).toEqual([])
    expect((await submitTo(harness.test, user, application.id, [later.id])).statusCode).toBe(200)
    expect(await listed(first.id)).toEqual([application.id])
    expect(await listed(later.id)).toEqual([application.id])
    expect(await listed(never.id)).toEqual([])
  })

  it('keeps an earlier submission to the same carrier and says so', async () => {
    const first = await addCarrier(harness.test, user, 'pdf')
    const application = await createApplication(harness.test, user, first.id)
    const response = await submitTo(harness.test, user, application.id, [first.id])
    expect(response.json()[0].message).toContain('Already submitted to this carrier')
    expect(await submissionsOf(harness.test, user, application.id)).toHaveLength(1)
  })

  it('refuses carriers the agency may not use, writing nothing', async () => {
    const first = await addCarrier(harness.test, user, 'pdf')
    const application = await createApplication(harness.test, user, first.id)
    const other = await signUpProfessional(harness.test)
    const theirs = await addCarrier(harness.test, other, 'pdf')
    const lifeOnly = await addCarrier(harness.test, user, 'pdf', { supportedTypes: ['life'] })
    const ok = await addCarrier(harness.test, user, 'manual')
    for (const carrierId of [theirs.id, lifeOnly.id]) {
      const response = await submitTo(harness.test, user, application.id, [ok.id, carrierId])
      expect(response.statusCode).toBe(400)
      expect(response.body).toContain('This carrier is not available to your agency')
    }
    expect(await submissionsOf(harness.test, user, application.id)).toHaveLength(1)
  })

  it('answers 404 for an application that does not exist, with an idempotency key too, keeping no key', async () => {
    const carrier = await addCarrier(harness.test, user, 'pdf')
    const missing = '00000000-0000-4000-8000-000000000000'
    for (const key of [undefined, 'key-for-nothing']) {
      const response = await submitTo(harness.test, user, missing, [carrier.id], key)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found' })
    }
    const kept = await harness.test.db
      .select()
      .from(bulkSubmissionRequests)
      .where(eq(bulkSubmissionRequests.idempotencyKey, 'key-for-nothing'))
    expect(kept).toEqual([])
  })

  it('keeps applications, submissions and documents to their agency', async () => {
    const first = await addCarrier(harness.test, user, 'pdf')
    const application = await createApplication(harness.test, user, first.id)
    const [submission] = await eventually(
      () => submissionsOf(harness.test, user, application.id),
      (list) => list[0]!.status === 'action_required',
    )
    const other = await signUpProfessional(harness.test)
    const mine = await addCarrier(harness.test, other, 'pdf')
    const stolen = await submitTo(harness.test, other, application.id, [mine.id])
    expect(stolen.statusCode).toBe(404)
    for (const [method, url, payload] of [
      ['GET', `/api/applications/${application.id}/submissions`],
      ['GET', `/api/documents/${submission!.documentId}/download`],
      ['POST', `/api/submissions/${submission!.id}/mark-sent`, {}],
      ['POST', `/api/submissions/${submission!.id}/retry`],
      ['GET', `/api/carriers/${first.id}/connection`],
    ] as const) {
      const response = await harness.test.request({ method, url, cookie: other.cookie, payload })
      expect(response.statusCode, `${method} ${url}`).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found' })
    }
    const [unchanged] = await submissionsOf(harness.test, user, application.id)
    expect(unchanged!.status).toBe('action_required')
  })

  it('rejects a body without carriers with the spec’s message', async () => {
    const response = await harness.test.request({
      method: 'POST',
      url: '/api/bulk-submission/submit',
      cookie: user.cookie,
      payload: { applicationId: '00000000-0000-4000-8000-000000000000', carrierIds: [] },
    })
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('Please select at least one carrier to submit to')
  })
})
