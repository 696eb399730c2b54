import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUOTE_TEXTS } from '#shared/contracts/quotes.contract.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import {
  createApplication,
  type DeliveryHarness,
  eventually,
  startHarnessWithAgent,
  submissionsOf,
  trackedApiCarrier,
} from '#test/delivery-harness.ts'
import type { SignedInUser } from '#test/factories.ts'
import { signedWebhook } from '#test/fake-carrier.ts'
import { bind, compare, today } from './quotes.test-support.ts'

let harness: DeliveryHarness
let user: SignedInUser
beforeAll(async () => {
  const started = await startHarnessWithAgent({ submitWaitMs: 2_000 })
  harness = started.harness
  user = started.user
})
afterAll(() => harness.close())

/** An application delivered to a new API carrier, its submission sent. */
async function sentToApiCarrier() {
  const connected = await trackedApiCarrier(harness, user)
  const application = await createApplication(harness.test, user, connected.carrier.id)
  const [submission] = await eventually(
    () => submissionsOf(harness.test, user, application.id),
    (list) => list[0]?.status === 'sent',
  )
  let events = 0
  /** The carrier's webhook, signed with its secret; a new event id each time unless given. */
  const answer = (body: Record<string, unknown>) =>
    harness.test.app.inject({
      method: 'POST',
      url: `/api/carrier-webhooks/${connected.carrier.id}`,
      ...toInject(signedWebhook(connected.secret, { eventId: `evt-${++events}`, ...body })),
    })
  return { ...connected, application, submission: submission!, answer }
}

function toInject(signed: { payload: string; headers: Record<string, string> }) {
  return { headers: signed.headers, payload: signed.payload }
}

const carrierQuote = (overrides: Record<string, unknown> = {}) => ({
  premium: 1450.25,
  termMonths: 12,
  effectiveDate: addDays(today(), 10),
  quoteNumber: `CQ-${Math.floor(Math.random() * 1e9)}`,
  expiresAt: addDays(today(), 30),
  coverages: [{ label: 'Liability', value: '250/500' }],
  ...overrides,
})

describe('a carrier’s quoted answer', () => {
  it('becomes a carrier quote to compare; a replay or the same quote number again adds nothing', async () => {
    const { application, submission, answer, carrier } = await sentToApiCarrier()
    const quote = carrierQuote()
    const first = await answer({ eventId: 'q-1', submissionId: submission.id, status: 'quoted', quote })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ applied: true, status: 'quoted' })
    const replay = await answer({ eventId: 'q-1', submissionId: submission.id, status: 'quoted', quote })
    expect(replay.json()).toMatchObject({ applied: false, reason: 'Event already received' })
    await answer({ submissionId: submission.id, status: 'quoted', quote })
    const revised = carrierQuote({ premium: 1399, quoteNumber: `${quote.quoteNumber}-R` })
    await answer({ submissionId: submission.id, status: 'quoted', quote: revised })

    const compared = await compare(harness.test, user, application.id)
    expect(compared.quotes).toHaveLength(2)
    expect(compared.quotes[1]).toMatchObject({
      source: 'carrier',
      status: 'offered',
      premium: 1450.25,
      annualPremium: 1450.25,
      quoteNumber: quote.quoteNumber,
      coverages: quote.coverages,
      submissionMethod: 'api',
    })
    expect(compared.quotes[0].premium).toBe(1399)
    const [after] = await submissionsOf(harness.test, user, application.id)
    expect(after).toMatchObject({
      status: 'quoted',
      message: `${carrier.name} quoted $1,399.00 for 12 months`,
    })
  })

  it('answers a quoted event without its quote, or with a negative premium, 400 with the field', async () => {
    const { application, submission, answer } = await sentToApiCarrier()
    const bare = await answer({ submissionId: submission.id, status: 'quoted' })
    expect(bare.statusCode).toBe(400)
    expect(bare.json().errors).toEqual([{ path: 'quote', message: QUOTE_TEXTS.carrierQuoteShape }])
    const negative = await answer({
      submissionId: submission.id,
      status: 'quoted',
      quote: carrierQuote({ premium: -1 }),
    })
    expect(negative.statusCode).toBe(400)
    expect(negative.json().errors).toEqual([{ path: 'quote.premium', message: QUOTE_TEXTS.premiumInvalid }])
    const nul = await answer({
      submissionId: submission.id,
      status: 'quoted',
      quote: carrierQuote({ quoteNumber: 'A\u0000' }),
    })
    expect(nul.statusCode).toBe(400)
    expect((await compare(harness.test, user, application.id)).quotes).toEqual([])
  })
})

describe('a carrier’s declined answer', () => {
  it('records a declined quote with the reason, after which a quote is stale', async () => {
    const { application, submission, answer } = await sentToApiCarrier()
    const declined = await answer({
      submissionId: submission.id,
      status: 'declined',
      reason: 'Outside appetite',
    })
    expect(declined.json()).toMatchObject({ applied: true })
    const late = await answer({ submissionId: submission.id, status: 'quoted', quote: carrierQuote() })
    expect(late.json()).toMatchObject({ applied: false, reason: 'Submission is already declined' })
    const [only] = (await compare(harness.test, user, application.id)).quotes
    expect(only).toMatchObject({ status: 'declined', source: 'carrier', declineReason: 'Outside appetite' })
  })
})

describe('binding an API carrier’s quote', () => {
  it('makes the policy at once, sends a signed bind request, and takes the number the carrier answers', async () => {
    const { application, submission, answer, fake } = await sentToApiCarrier()
    await answer({
      submissionId: submission.id,
      status: 'quoted',
      quote: carrierQuote({ quoteNumber: undefined }),
    })
    const [quote] = (await compare(harness.test, user, application.id)).quotes
    const bound = await bind(harness.test, user, quote.id, { effectiveDate: today() })
    expect(bound.statusCode, bound.body).toBe(201)
    const policy = bound.json()
    expect(policy.policyNumber).toBe(`PENDING-${quote.id.slice(0, 8).toUpperCase()}`)

    const request = await eventually(
      async () => fake.accepted.find((each) => (each.body as { type?: string }).type === 'bind_request'),
      (found) => found !== undefined,
    )
    expect(request!.body).toMatchObject({
      type: 'bind_request',
      quoteId: quote.id,
      policyId: policy.id,
      applicationId: application.id,
      effectiveDate: today(),
      premium: 1450.25,
      termMonths: 12,
    })
    const bindSubmissionId = (request!.body as { submissionId: string }).submissionId
    await eventually(
      () => compare(harness.test, user, application.id),
      (compared) => compared.quotes[0].bindRequest?.status === 'sent',
    )
    // A bound answer belongs on the bind request; a quote does not.
    const misplaced = await answer({ submissionId: submission.id, status: 'bound', policyNumber: 'NOPE' })
    expect(misplaced.json()).toMatchObject({ applied: false })
    const quotedBind = await answer({
      submissionId: bindSubmissionId,
      status: 'quoted',
      quote: carrierQuote(),
    })
    expect(quotedBind.json()).toMatchObject({ applied: false })

    const numbered = await answer({
      submissionId: bindSubmissionId,
      status: 'bound',
      policyNumber: 'AC-889-001',
    })
    expect(numbered.json()).toMatchObject({ applied: true, status: 'bound' })
    const read = await harness.test.request({
      method: 'GET',
      url: `/api/policies/${policy.id}`,
      cookie: user.cookie,
    })
    expect(read.json()).toMatchObject({ policyNumber: 'AC-889-001', quoteId: quote.id, source: 'bound' })
    const after = await compare(harness.test, user, application.id)
    expect(after.quotes[0]).toMatchObject({ status: 'bound', bindRequest: { status: 'bound' } })
  })

  it('retries a bind request the carrier could not take, with the same idempotency key', async () => {
    const { application, submission, answer, fake } = await sentToApiCarrier()
    const quote = carrierQuote()
    await answer({ submissionId: submission.id, status: 'quoted', quote })
    const [offered] = (await compare(harness.test, user, application.id)).quotes
    fake.script([{ status: 503 }])
    const bound = await bind(harness.test, user, offered.id, { effectiveDate: today() })
    expect(bound.json().policyNumber).toBe(quote.quoteNumber)
    await eventually(
      () => compare(harness.test, user, application.id),
      (compared) => compared.quotes[0].bindRequest?.status === 'sent',
    )
    const bindRequests = fake.requests.filter((each) => each.rawBody.includes('"bind_request"'))
    expect(bindRequests).toHaveLength(2)
    expect(new Set(bindRequests.map((each) => each.key)).size).toBe(1)
  })

  it('lets the agent send a refused bind request again, through carrier delivery’s retry', async () => {
    const { application, submission, answer, fake } = await sentToApiCarrier()
    await answer({ submissionId: submission.id, status: 'quoted', quote: carrierQuote() })
    const [offered] = (await compare(harness.test, user, application.id)).quotes
    fake.script([{ status: 422, body: { error: 'Effective date outside the quote' } }])
    await bind(harness.test, user, offered.id, { effectiveDate: today() })
    const failed = await eventually(
      () => compare(harness.test, user, application.id),
      (compared) => compared.quotes[0].bindRequest?.status === 'failed',
    )
    expect(failed.quotes[0].bindRequest.message).toContain('Effective date outside the quote')
    const retried = await harness.test.request({
      method: 'POST',
      url: `/api/submissions/${failed.quotes[0].bindRequest.submissionId}/retry`,
      cookie: user.cookie,
    })
    expect(retried.statusCode, retried.body).toBe(200)
    await eventually(
      () => compare(harness.test, user, application.id),
      (compared) => compared.quotes[0].bindRequest?.status === 'sent',
    )
    const keys = fake.requests
      .filter((each) => each.rawBody.includes('"bind_request"'))
      .map((each) => each.key)
    expect(keys).toHaveLength(2)
    expect(new Set(keys).size).toBe(2)
  })
})
