import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUOTE_TEXTS } from '#shared/contracts/quotes.contract.ts'
import { RENEWAL_OUTCOME_TEXTS } from '#shared/contracts/renewals-texts.ts'
import { addMonths } from '#shared/domain/policy-ledger.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addCarrier } from '#test/delivery-harness.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { applyPolicyStatuses } from '../policies/policy-status.job.ts'
import { enterQuote, quoteInput } from '../quotes/quotes.test-support.ts'
import { auditOf, boundRenewal, post, read } from './renewal-outcomes.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const renew = (user: SignedInUser, id: string, body: object = {}) =>
  post(test, user, `/api/renewals/${id}/renew`, body)

/** A renewal remarketed to its expiring carrier and another one (neither on the API). */
async function remarketed(user: SignedInUser) {
  const [expiring, other] = [await addCarrier(test, user, 'email'), await addCarrier(test, user, 'manual')]
  const { policy, renewal } = await boundRenewal(test, user, { carrierId: expiring.id, premium: 1000 })
  const response = await post(test, user, `/api/renewals/${renewal.id}/remarket`, { carrierIds: [other.id] })
  expect(response.statusCode, response.body).toBe(201)
  return { expiring, other, policy, renewal, applicationId: response.json().applicationId as string }
}

describe('POST /api/renewals/:id/renew', () => {
  it('accepts the carrier’s offer: the same policy’s next term with a renewal transaction, once', async () => {
    const user = await signUp(test)
    const expiring = await addCarrier(test, user, 'email')
    const { policy, renewal } = await boundRenewal(test, user, { carrierId: expiring.id })
    const without = await renew(user, renewal.id)
    expect(without.statusCode).toBe(400)
    expect(without.json().errors).toEqual([{ path: 'quoteId', message: RENEWAL_OUTCOME_TEXTS.noOffer }])

    await post(test, user, `/api/renewals/${renewal.id}/offer`, { premium: 1080.5, termMonths: 12 })
    const response = await renew(user, renewal.id)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      policyId: policy.id,
      newPolicy: false,
      renewal: { stage: 'renewed', renewedPolicyId: policy.id, dueDate: null, nextMilestone: null },
    })
    const after = await read(test, user, `/api/policies/${policy.id}`)
    const nextExpiration = addMonths(policy.expirationDate, 12)
    expect(after).toMatchObject({
      status: 'active',
      effectiveDate: policy.expirationDate,
      expirationDate: nextExpiration,
      annualPremium: 1080.5,
    })
    expect(after.terms).toHaveLength(2)
    expect(after.terms[0]).toMatchObject({
      termNumber: 2,
      effectiveDate: policy.expirationDate,
      expirationDate: nextExpiration,
      writtenPremium: 1080.5,
      transactions: [{ kind: 'renewal', premiumChange: 1080.5, effectiveDate: policy.expirationDate }],
    })
    const history = (await read(test, user, `/api/renewals/${renewal.id}`)).history
    expect(history.at(-1)).toMatchObject({
      kind: 'renewed',
      toStage: 'renewed',
      details: { newPolicy: false },
    })
    expect(await auditOf(test, user.user.agencyId, 'renewal.renewed')).toHaveLength(1)
    expect(await auditOf(test, user.user.agencyId, 'policy.renewed')).toHaveLength(1)

    const twice = await renew(user, renewal.id)
    expect(twice.statusCode).toBe(409)
    expect((await read(test, user, `/api/policies/${policy.id}`)).terms).toHaveLength(2)
  })

  it('compares the offer and the remarketed quotes against the expiring premium, on yearly figures', async () => {
    const user = await signUp(test)
    const { other, renewal, applicationId } = await remarketed(user)
    await post(test, user, `/api/renewals/${renewal.id}/offer`, { premium: 1150, termMonths: 12 })
    await enterQuote(test, user, applicationId, quoteInput(other.id, { premium: 450, termMonths: 6 }))
    const compared = await read(test, user, `/api/renewals/${renewal.id}/quotes`)
    expect(compared).toMatchObject({
      expiringPremium: 1000,
      applicationId,
      offer: { premium: 1150, annualPremium: 1150, changePercent: 15 },
      quotes: [{ carrierId: other.id, premium: 450, annualPremium: 900, changePercent: -10 }],
      coverageLabels: ['Bodily injury', 'Collision deductible'],
    })
  })

  it('accepts the expiring carrier’s quote: the same policy’s next term at the quote’s premium, the quote bound to it', async () => {
    const user = await signUp(test)
    const { expiring, policy, renewal, applicationId } = await remarketed(user)
    const quote = await enterQuote(
      test,
      user,
      applicationId,
      quoteInput(expiring.id, { premium: 470, termMonths: 6 }),
    )
    const response = await renew(user, renewal.id, { quoteId: quote.id })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ policyId: policy.id, newPolicy: false })
    const after = await read(test, user, `/api/policies/${policy.id}`)
    expect(after.terms[0]).toMatchObject({
      termNumber: 2,
      effectiveDate: policy.expirationDate,
      expirationDate: addMonths(policy.expirationDate, 6),
      writtenPremium: 470,
      transactions: [{ kind: 'renewal', premiumChange: 470 }],
    })
    const compared = await read(test, user, `/api/renewals/${renewal.id}/quotes`)
    expect(compared.quotes[0]).toMatchObject({ id: quote.id, status: 'bound', policyId: policy.id })
    expect((await read(test, user, `/api/applications/${applicationId}`)).status).toBe('bound')
  })

  it('binds a new carrier’s quote as a new policy from the expiry, and the old one is renewed at expiry', async () => {
    const user = await signUp(test)
    const { other, policy, renewal, applicationId } = await remarketed(user)
    const quote = await enterQuote(
      test,
      user,
      applicationId,
      quoteInput(other.id, { premium: 900, termMonths: 12 }),
    )
    const unnumbered = await renew(user, renewal.id, { quoteId: quote.id })
    expect(unnumbered.statusCode).toBe(400)
    expect(unnumbered.json().errors).toEqual([
      { path: 'policyNumber', message: QUOTE_TEXTS.policyNumberRequired },
    ])
    expect((await read(test, user, `/api/renewals/${renewal.id}`)).stage).toBe('remarketing')

    const response = await renew(user, renewal.id, { quoteId: quote.id, policyNumber: 'NEW-77' })
    expect(response.statusCode, response.body).toBe(200)
    const { policyId, newPolicy } = response.json()
    expect(newPolicy).toBe(true)
    expect(policyId).not.toBe(policy.id)
    expect(response.json().renewal).toMatchObject({ stage: 'renewed', renewedPolicyId: policyId })
    const replacement = await read(test, user, `/api/policies/${policyId}`)
    expect(replacement).toMatchObject({
      carrierId: other.id,
      clientId: policy.clientId,
      policyNumber: 'NEW-77',
      effectiveDate: policy.expirationDate,
      expirationDate: addMonths(policy.expirationDate, 12),
      annualPremium: 900,
      quoteId: quote.id,
      source: 'bound',
    })
    expect((await read(test, user, `/api/policies/${policy.id}`)).terms).toHaveLength(1)
    await applyPolicyStatuses(test.db, policy.expirationDate)
    expect((await read(test, user, `/api/policies/${policy.id}`)).status).toBe('renewed')
  })

  it('writes nothing when a step fails midway, and refuses a quote that is not the renewal’s', async () => {
    const user = await signUp(test)
    const { expiring, policy, renewal, applicationId } = await remarketed(user)
    const quote = await enterQuote(test, user, applicationId, quoteInput(expiring.id))
    const stranger = await renew(user, renewal.id, { quoteId: '00000000-0000-4000-8000-000000000000' })
    expect(stranger.statusCode).toBe(400)
    expect(stranger.json().errors).toEqual([{ path: 'quoteId', message: RENEWAL_OUTCOME_TEXTS.unknownQuote }])

    // Withdrawn to a draft, the application cannot become bound: the term written before is undone.
    const withdrawn = await test.request({
      method: 'PUT',
      url: `/api/applications/${applicationId}`,
      cookie: user.cookie,
      payload: { status: 'draft' },
    })
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    const refused = await renew(user, renewal.id, { quoteId: quote.id })
    expect(refused.statusCode).toBe(409)
    const after = await read(test, user, `/api/policies/${policy.id}`)
    expect(after.terms).toHaveLength(1)
    expect(after.expirationDate).toBe(policy.expirationDate)
    expect((await read(test, user, `/api/renewals/${renewal.id}`)).stage).toBe('remarketing')
    expect(await auditOf(test, user.user.agencyId, 'policy.renewed')).toEqual([])
  })
})
