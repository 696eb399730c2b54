import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RENEWAL_TEXTS } from '#shared/contracts/renewals-texts.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import {
  type DeliveryHarness,
  eventually,
  startHarnessWithAgent,
  submissionsOf,
  trackedApiCarrier,
} from '#test/delivery-harness.ts'
import type { SignedInUser } from '#test/factories.ts'
import { signedWebhook } from '#test/fake-carrier.ts'
import { addClient } from '../policies/policies.test-support.ts'
import { OFFER_IGNORED } from './receive-renewal-offer.ts'
import { auditOf, enteredRenewal, post, read, today } from './renewal-outcomes.test-support.ts'

let harness: DeliveryHarness
let user: SignedInUser
beforeAll(async () => {
  const started = await startHarnessWithAgent({ submitWaitMs: 1_000 })
  harness = started.harness
  user = started.user
})
afterAll(() => harness.close())

/** A policy at a new API carrier, in the pipeline, and the carrier's signed webhook. */
async function renewalAtApiCarrier(premium = 1000) {
  const connected = await trackedApiCarrier(harness, user)
  const clientId = await addClient(harness.test, user)
  const policyNumber = `AC-${Math.floor(Math.random() * 1e9)}`
  const { policy, renewal } = await enteredRenewal(harness.test, user, {
    clientId,
    carrierId: connected.carrier.id,
    premium,
    policyNumber,
  })
  let events = 0
  const send = (body: Record<string, unknown>, secret = connected.secret, timestamp?: number) => {
    const signed = signedWebhook(secret, { eventId: `evt-${++events}`, ...body }, timestamp)
    return harness.test.app.inject({
      method: 'POST',
      url: `/api/carrier-webhooks/${connected.carrier.id}`,
      headers: signed.headers,
      payload: signed.payload,
    })
  }
  return { ...connected, policy, renewal, policyNumber, send }
}

describe('an API carrier’s renewal_offer', () => {
  it('records the offer for the policy it names, as an agent’s entry is, and flags it at risk', async () => {
    const { policy, renewal, policyNumber, send, carrier } = await renewalAtApiCarrier(1000)
    const offer = {
      premium: 1150,
      termMonths: 12,
      effectiveDate: policy.expirationDate,
      changes: 'Roof surcharge',
    }
    const response = await send({
      eventId: 'ro-1',
      status: 'renewal_offer',
      policyNumber: policyNumber.toLowerCase(),
      renewalOffer: offer,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ received: true, applied: true, status: 'renewal_offer' })
    const after = await read(harness.test, user, `/api/renewals/${renewal.id}`)
    expect(after).toMatchObject({
      offer: {
        premium: 1150,
        termMonths: 12,
        effectiveDate: policy.expirationDate,
        changes: 'Roof surcharge',
      },
      changeAmount: 150,
      changePercent: 15,
      atRisk: true,
    })
    expect(after.history.at(-1)).toMatchObject({ kind: 'offer', byName: null })
    const [audited] = await auditOf(harness.test, user.user.agencyId, 'renewal.offer_recorded')
    expect(audited).toMatchObject({ entityId: renewal.id, actorUserId: null })
    expect(audited!.details).toMatchObject({ carrierId: carrier.id, eventId: 'ro-1', atRisk: true })
    const list = await read(harness.test, user, '/api/renewals')
    expect(list.renewals[0].id).toBe(renewal.id)

    const replay = await send({ eventId: 'ro-1', status: 'renewal_offer', policyNumber, renewalOffer: offer })
    expect(replay.json()).toMatchObject({ applied: false, reason: 'Event already received' })
  })

  it('only moves forward: an older offer, an unknown policy and a closed renewal are acknowledged and ignored', async () => {
    const { renewal, policyNumber, send } = await renewalAtApiCarrier(1000)
    const offer = (premium: number) => ({
      status: 'renewal_offer',
      policyNumber,
      renewalOffer: { premium, termMonths: 12 },
    })
    expect((await send(offer(1040))).json()).toMatchObject({ applied: true })
    const older = await send(offer(990), undefined, Math.floor(Date.now() / 1000) - 120)
    expect(older.json()).toMatchObject({ applied: false, reason: OFFER_IGNORED.stale })
    const unknown = await send({ ...offer(990), policyNumber: 'NOPE-1' })
    expect(unknown.json()).toMatchObject({ applied: false, reason: OFFER_IGNORED.unknownPolicy })
    expect((await read(harness.test, user, `/api/renewals/${renewal.id}`)).offer.premium).toBe(1040)

    const renewed = await post(harness.test, user, `/api/renewals/${renewal.id}/renew`, {})
    expect(renewed.statusCode, renewed.body).toBe(200)
    const late = await send(offer(1200))
    expect(late.json()).toMatchObject({ applied: false, reason: OFFER_IGNORED.noRenewal })
    expect((await read(harness.test, user, `/api/renewals/${renewal.id}`)).offer.premium).toBe(1040)
  })

  it('refuses a bad signature with 401 and a bad offer with 400 and its field, changing nothing', async () => {
    const { renewal, policyNumber, send } = await renewalAtApiCarrier()
    const valid = { status: 'renewal_offer', policyNumber, renewalOffer: { premium: 1100, termMonths: 12 } }
    expect((await send(valid, 'whsec_wrong')).statusCode).toBe(401)
    const bad = await send({ ...valid, renewalOffer: { premium: -1, termMonths: 7 } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual([
      { path: 'renewalOffer.premium', message: RENEWAL_TEXTS.premiumInvalid },
      { path: 'renewalOffer.termMonths', message: RENEWAL_TEXTS.termInvalid },
    ])
    const nameless = await send({ status: 'renewal_offer', renewalOffer: valid.renewalOffer })
    expect(nameless.statusCode).toBe(400)
    expect((await read(harness.test, user, `/api/renewals/${renewal.id}`)).offer).toBeNull()
  })

  it('moves a remarketed renewal to quoted when the carrier’s quote comes back through its webhook', async () => {
    const { renewal, send, carrier } = await renewalAtApiCarrier()
    const remarketed = await post(harness.test, user, `/api/renewals/${renewal.id}/remarket`, {
      carrierIds: [carrier.id],
    })
    expect(remarketed.statusCode, remarketed.body).toBe(201)
    const { applicationId } = remarketed.json()
    const [submission] = await eventually(
      () => submissionsOf(harness.test, user, applicationId),
      (list) => list[0]?.status === 'sent',
    )
    const quoted = await send({
      submissionId: submission!.id,
      status: 'quoted',
      quote: {
        premium: 980,
        termMonths: 12,
        effectiveDate: addDays(today(), 30),
        expiresAt: addDays(today(), 20),
        coverages: [{ label: 'Liability', value: '250/500' }],
      },
    })
    expect(quoted.json()).toMatchObject({ applied: true })
    const after = await eventually(
      () => read(harness.test, user, `/api/renewals/${renewal.id}`),
      (read) => read.stage === 'quoted',
    )
    expect(after.history.at(-1).details).toMatchObject({ cause: 'first_quote', applicationId })
  })
})
