import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RENEWAL_OUTCOME_TEXTS } from '#shared/contracts/renewals-texts.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addCarrier } from '#test/delivery-harness.ts'
import { type SignedInUser, signUp, uniqueEmail } from '#test/factories.ts'
import { findClientRecord } from '../clients/clients.service.ts'
import { estimateBasisOf } from '../quotes/quote-estimate.service.ts'
import { auditOf, boundRenewal, enteredRenewal, post, read, today } from './renewal-outcomes.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const remarket = (user: SignedInUser, id: string, body: object = {}) =>
  post(test, user, `/api/renewals/${id}/remarket`, body)

async function sentCarrierIds(user: SignedInUser, applicationId: string): Promise<string[]> {
  const { submissions } = await read(test, user, `/api/applications/${applicationId}/submissions`)
  return submissions.map((submission: { carrierId: string }) => submission.carrierId).sort()
}

/** What smart bulk submission recommends (excellent and good) for the client, asked through its own call. */
async function recommendedFor(
  user: SignedInUser,
  clientId: string,
  applicationData: Record<string, unknown>,
) {
  const client = await findClientRecord(test.db, user.user.agencyId, clientId)
  const basis = estimateBasisOf('auto', applicationData, client!, today())
  const response = await post(test, user, '/api/bulk-submission/recommendations', {
    clientProfile: basis!.profile,
    coverageRequirements: basis!.needs,
    filters: {},
  })
  return (response.json() as { carrier: { id: string }; recommendationLevel: string }[])
    .filter((r) => r.recommendationLevel === 'excellent' || r.recommendationLevel === 'good')
    .map((r) => r.carrier.id)
}

describe('POST /api/renewals/:id/remarket', () => {
  it('makes a new application from the policy’s own, nothing retyped, and sends it to the recommended carriers and the expiring one', async () => {
    const user = await signUp(test)
    const expiring = await addCarrier(test, user, 'email')
    const { application, policy, renewal } = await boundRenewal(test, user, { carrierId: expiring.id })
    const original = await read(test, user, `/api/applications/${application.id}`)

    const response = await remarket(user, renewal.id)
    expect(response.statusCode, response.body).toBe(201)
    const { applicationId } = response.json()
    expect(applicationId).not.toBe(application.id)
    const made = await read(test, user, `/api/applications/${applicationId}`)
    expect(made).toMatchObject({
      status: 'pending',
      insuranceType: 'auto',
      client: { id: policy.clientId },
      applicationData: original.applicationData,
    })
    expect(made.history[0]).toMatchObject({
      toStatus: 'draft',
      note: RENEWAL_OUTCOME_TEXTS.remarketNote.replace('{policyNumber}', policy.policyNumber),
    })
    const recommended = await recommendedFor(user, policy.clientId, original.applicationData)
    expect(recommended.length).toBeGreaterThan(0)
    expect(await sentCarrierIds(user, applicationId)).toEqual(
      [...new Set([expiring.id, ...recommended])].sort(),
    )

    const after = await read(test, user, `/api/renewals/${renewal.id}`)
    expect(after).toMatchObject({
      stage: 'remarketing',
      remarketApplicationId: applicationId,
      nextMilestone: 'quotes_compared',
    })
    expect(after.history.at(-1)).toMatchObject({
      kind: 'remarketed',
      fromStage: 'upcoming',
      toStage: 'remarketing',
      details: { applicationId, copiedFrom: application.id, sent: true },
    })
    const [audited] = await auditOf(test, user.user.agencyId, 'renewal.remarketed')
    expect(audited).toMatchObject({ entityId: renewal.id, actorUserId: user.user.id })

    const again = await remarket(user, renewal.id)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(RENEWAL_OUTCOME_TEXTS.alreadyRemarketed)
  })

  it('sends only to the carriers chosen, leaving the expiring one out when asked, and refuses one the agency cannot use', async () => {
    const user = await signUp(test)
    const [expiring, other] = [await addCarrier(test, user, 'email'), await addCarrier(test, user, 'manual')]
    const first = await boundRenewal(test, user, { carrierId: expiring.id })
    const clientId = first.policy.clientId

    const excluded = await remarket(user, first.renewal.id, {
      carrierIds: [other.id],
      excludeExpiringCarrier: true,
    })
    expect(excluded.statusCode, excluded.body).toBe(201)
    expect(await sentCarrierIds(user, excluded.json().applicationId)).toEqual([other.id])

    const second = await enteredRenewal(test, user, { clientId, carrierId: expiring.id })
    const unknown = '00000000-0000-4000-8000-000000000000'
    const refused = await remarket(user, second.renewal.id, { carrierIds: [other.id, unknown] })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual([
      { path: 'carrierIds.1', message: RENEWAL_OUTCOME_TEXTS.unknownCarrier },
    ])
    expect((await read(test, user, `/api/renewals/${second.renewal.id}`)).stage).toBe('upcoming')

    const included = await remarket(user, second.renewal.id, { carrierIds: [other.id] })
    expect(included.statusCode, included.body).toBe(201)
    expect(await sentCarrierIds(user, included.json().applicationId)).toEqual([expiring.id, other.id].sort())
    // A policy entered by hand copies the client's latest application of its line.
    const copied = await read(test, user, `/api/applications/${included.json().applicationId}`)
    const source = await read(test, user, `/api/applications/${first.application.id}`)
    expect(copied.applicationData).toEqual(source.applicationData)
  })

  it('keeps the application a draft for the agent to edit and send when told not to send it', async () => {
    const user = await signUp(test)
    const expiring = await addCarrier(test, user, 'email')
    const { renewal } = await boundRenewal(test, user, { carrierId: expiring.id })
    const response = await remarket(user, renewal.id, { send: false })
    expect(response.statusCode, response.body).toBe(201)
    const made = await read(test, user, `/api/applications/${response.json().applicationId}`)
    expect(made).toMatchObject({ status: 'draft', submissions: [] })
    expect((await read(test, user, `/api/renewals/${renewal.id}`)).stage).toBe('remarketing')
  })

  it('refuses when no carrier fits and none is given, writing nothing', async () => {
    const user = await signUp(test)
    const expiring = await addCarrier(test, user, 'email')
    // Outside the US the recommendation has no state to score carriers in.
    const created = await post(test, user, '/api/clients', {
      firstName: 'Ada',
      lastName: 'Lind',
      email: uniqueEmail('ada'),
      phone: '(555) 201-3344',
      dateOfBirth: '1979-05-02',
      address: '4 King Street',
      city: 'Toronto',
      state: 'Ontario',
      zipCode: 'M5H 1A1',
    })
    expect(created.statusCode, created.body).toBe(201)
    const { renewal } = await enteredRenewal(test, user, {
      clientId: created.json().id,
      carrierId: expiring.id,
    })
    const response = await remarket(user, renewal.id)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { path: 'carrierIds', message: RENEWAL_OUTCOME_TEXTS.noCarriers },
    ])
    const after = await read(test, user, `/api/renewals/${renewal.id}`)
    expect(after).toMatchObject({ stage: 'upcoming', remarketApplicationId: null })
    const { data } = await read(test, user, `/api/applications?clientId=${created.json().id}`)
    expect(data).toEqual([])
  })
})
